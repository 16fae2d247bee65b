import { lazy, Suspense, useState } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useQuery } from "@tanstack/react-query";
import { tokenAbi } from "@dwn/contracts";
import { useTranslation } from "../../../i18n/react";
import type { Address } from "viem";
import { showToast } from "../../../components/toast";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { copyText } from "../../../lib/clipboard";
import { recentStrings } from "../../tx/recentStrings";
import { formatMoney } from "../../../lib/money";
import { shorten } from "../../../lib/format";
import { useRuntimeConfig } from "../../../lib/runtime";
import { readView } from "../../../lib/reads/readView";
import { loadScreenStrings } from "../../../i18n";
import { usePublicClient } from "../../../lib/usePublicClient";
import { useGetWalletClient, useWallet } from "../context";
import styles from "./WalletMenu.module.css";
import { useBackCloses } from "../../../components/useBackCloses";

// With the strings of the transaction flow (each row's label), which a first visit does not load (i18n/index.ts).
const RecentTransactions = lazy(() =>
  Promise.all([import("../../tx/RecentTransactions"), loadScreenStrings()]).then(([m]) => ({
    default: m.RecentTransactions,
  })),
);

/** The tokens the menu offers to add to the wallet (EIP-747): every token the app shows. */
const WATCHED = [
  ["dwn", "DWN"],
  ["dwn9", "DWN9"],
  ["usdt", "USDT"],
  ["udbk", "UDBK"],
  ["a8", "A8"],
] as const;

/**
 * The signed-in wallet's menu (spec §2), a dark bottom sheet that scrolls when the screen is
 * short (a phone in landscape): the account's BNB, which pays every transaction's network fee
 * ("--" until read), the transactions this device sent (RecentTransactions), adding the app's
 * tokens to the wallet, copying the address, and disconnecting.
 */
export function WalletMenu({ account, visible, onClose }: { account: Address; visible: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { disconnect } = useWallet();
  const getWalletClient = useGetWalletClient();
  const { contracts } = useRuntimeConfig();
  const [recentOpen, setRecentOpen] = useState(false);
  useBackCloses(visible, onClose);
  addNamespace(i18n, "recent", recentStrings);
  const { t: recentT } = useTranslation("recent");
  const client = usePublicClient();
  const { currency } = useRuntimeConfig().chain;
  const coins = useQuery({
    queryKey: ["eth_getBalance", account],
    queryFn: async () => BigInt(await client.request({ method: "eth_getBalance", params: [account, "latest"] })),
    enabled: visible,
  });

  const watch = async (token: (typeof WATCHED)[number][0], symbol: string) => {
    onClose();
    // EIP-747: the wallet shows the token and asks the user; true when it is in the wallet.
    // The token's own decimals, read on chain: the wallet shows balances with them.
    const added = await readView(client, { address: contracts[token], abi: tokenAbi, functionName: "decimals" })
      .then(async (decimals) => {
        const wallet = await getWalletClient?.();
        return wallet?.request({
          method: "wallet_watchAsset",
          params: { type: "ERC20", options: { address: contracts[token], symbol, decimals } },
        });
      })
      .catch(() => false);
    showToast({
      content: recentT(added ? "tokenAdded" : "tokenNotAdded", { symbol }),
      icon: added ? "success" : "fail",
    });
  };
  const copy = async () => {
    onClose();
    const copied = await copyText(account);
    showToast({ content: t(copied ? "wallet.copied" : "wallet.copyFailed"), icon: copied ? "success" : "fail" });
  };

  return (
    <>
      <Popup
        visible={visible}
        onMaskClick={onClose}
        onClose={onClose}
        bodyClassName={styles.sheet}
        data-testid="wallet-menu"
      >
        <div className={styles.head}>
          <h2 className={styles.title} title={account}>
            {shorten(account, 6)}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} data-testid="wallet-menu-close">
            {recentT("close")}
          </button>
        </div>
        <p className={styles.balance}>
          <span className={styles.muted}>{recentT("balance")}</span>
          <span data-testid="wallet-coin-balance">
            {`${coins.data === undefined ? "--" : formatMoney("balance", coins.data, currency.decimals)} ${currency.symbol}`}
          </span>
        </p>
        <ul className={styles.list}>
          <li>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                onClose();
                setRecentOpen(true);
              }}
              data-testid="wallet-recent"
            >
              {recentT("open")}
            </button>
          </li>
          {WATCHED.map(([token, symbol]) => (
            <li key={token}>
              <button
                type="button"
                className={styles.item}
                onClick={() => void watch(token, symbol)}
                data-testid={`wallet-add-${token}`}
              >
                {recentT("addToken", { symbol })}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className={styles.item} onClick={() => void copy()} data-testid="wallet-copy">
              {t("wallet.copy")}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${styles.item} ${styles.danger}`}
              onClick={() => {
                onClose();
                void disconnect();
              }}
              data-testid="wallet-disconnect"
            >
              {t("wallet.disconnect")}
            </button>
          </li>
        </ul>
      </Popup>
      {recentOpen && (
        <Suspense fallback={null}>
          <RecentTransactions account={account} visible={recentOpen} onClose={() => setRecentOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
