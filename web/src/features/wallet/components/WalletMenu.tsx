import { lazy, Suspense, useState, type ReactElement } from "react";
import Popover, { type PopoverMenuProps } from "antd-mobile/es/components/popover";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { showToast } from "../../../components/toast";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { copyText } from "../../../lib/clipboard";
import { recentStrings } from "../../tx/recentStrings";
import { formatMoney } from "../../../lib/money";
import { useRuntimeConfig } from "../../../lib/runtime";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useGetWalletClient, useWallet } from "../context";

const RecentTransactions = lazy(() =>
  import("../../tx/RecentTransactions").then((m) => ({ default: m.RecentTransactions })),
);

type MenuAction = PopoverMenuProps["actions"][number];

/** The tokens the menu offers to add to the wallet (EIP-747): what users hold and earn here. */
const WATCHED = [
  ["dwn", "DWN"],
  ["udbk", "UDBK"],
  ["a8", "A8"],
] as const;

/**
 * The signed-in wallet's popover (spec §2): copy the address, or disconnect; above them the
 * account's BNB, which pays every transaction's network fee ("--" until read), and the
 * transactions this device sent (RecentTransactions).
 */
export function WalletMenu({
  account,
  visible,
  onVisibleChange,
  children,
}: {
  account: Address;
  visible: boolean;
  onVisibleChange(visible: boolean): void;
  /** The button the popover opens from. */
  children: ReactElement;
}) {
  const { t, i18n } = useTranslation();
  const { disconnect } = useWallet();
  const getWalletClient = useGetWalletClient();
  const { contracts } = useRuntimeConfig();
  const [recentOpen, setRecentOpen] = useState(false);
  addNamespace(i18n, "recent", recentStrings);
  const { t: recentT } = useTranslation("recent");
  const client = usePublicClient();
  const { currency } = useRuntimeConfig().chain;
  const coins = useQuery({
    queryKey: ["eth_getBalance", account],
    queryFn: async () => BigInt(await client.request({ method: "eth_getBalance", params: [account, "latest"] })),
    enabled: visible,
  });
  const actions: MenuAction[] = [
    {
      key: "balance",
      disabled: true,
      text: (
        <span data-testid="wallet-coin-balance">
          {`${coins.data === undefined ? "--" : formatMoney("balance", coins.data, currency.decimals)} ${currency.symbol}`}
        </span>
      ),
    },
    { key: "recent", text: <span data-testid="wallet-recent">{recentT("open")}</span> },
    ...WATCHED.map(([token, symbol]) => ({
      key: `watch:${token}`,
      text: <span data-testid={`wallet-add-${token}`}>{recentT("addToken", { symbol })}</span>,
    })),
    { key: "copy", text: <span data-testid="wallet-copy">{t("wallet.copy")}</span> },
    { key: "disconnect", text: <span data-testid="wallet-disconnect">{t("wallet.disconnect")}</span> },
  ];
  const onAction = async ({ key }: MenuAction) => {
    onVisibleChange(false);
    if (key === "balance") return;
    const watched = WATCHED.find(([token]) => key === `watch:${token}`);
    if (watched) {
      const [token, symbol] = watched;
      // EIP-747: the wallet shows the token and asks the user; true when it is in the wallet.
      const added = await getWalletClient?.()
        .then((wallet) =>
          wallet.request({
            method: "wallet_watchAsset",
            params: { type: "ERC20", options: { address: contracts[token], symbol, decimals: 18 } },
          }),
        )
        .catch(() => false);
      showToast({
        content: recentT(added ? "tokenAdded" : "tokenNotAdded", { symbol }),
        icon: added ? "success" : "fail",
      });
      return;
    }
    if (key === "recent") {
      setRecentOpen(true);
      return;
    }
    if (key === "disconnect") {
      await disconnect();
      return;
    }
    const copied = await copyText(account);
    showToast({ content: t(copied ? "wallet.copied" : "wallet.copyFailed"), icon: copied ? "success" : "fail" });
  };
  return (
    <>
      <Popover.Menu
        actions={actions}
        onAction={(action) => void onAction(action)}
        visible={visible}
        onVisibleChange={onVisibleChange}
        trigger="click"
        placement="bottom-end"
      >
        {children}
      </Popover.Menu>
      {recentOpen && (
        <Suspense fallback={null}>
          <RecentTransactions account={account} visible={recentOpen} onClose={() => setRecentOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
