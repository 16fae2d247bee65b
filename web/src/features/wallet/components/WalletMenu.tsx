import type { ReactElement } from "react";
import Popover, { type PopoverMenuProps } from "antd-mobile/es/components/popover";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { showToast } from "../../../components/toast";
import { copyText } from "../../../lib/clipboard";
import { useWallet } from "../context";

type MenuAction = PopoverMenuProps["actions"][number];

/** The signed-in wallet's popover (spec §2): copy the address, or disconnect. */
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
  const { t } = useTranslation();
  const { disconnect } = useWallet();
  const actions: MenuAction[] = [
    { key: "copy", text: <span data-testid="wallet-copy">{t("wallet.copy")}</span> },
    { key: "disconnect", text: <span data-testid="wallet-disconnect">{t("wallet.disconnect")}</span> },
  ];
  const onAction = async ({ key }: MenuAction) => {
    onVisibleChange(false);
    if (key === "disconnect") {
      await disconnect();
      return;
    }
    const copied = await copyText(account);
    showToast({ content: t(copied ? "wallet.copied" : "wallet.copyFailed"), icon: copied ? "success" : "fail" });
  };
  return (
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
  );
}
