import { useState } from "react";
import { Button, Popover, Toast, type PopoverMenuProps } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { copyText } from "../../../lib/clipboard";
import { shorten } from "../../../lib/format";
import { useWallet } from "../context";
import { WalletIcon } from "./WalletIcon";
import styles from "./WalletButton.module.css";

type MenuAction = PopoverMenuProps["actions"][number];

/**
 * The header's right side (spec §2): "Connect wallet", or once signed in the address (6 … 6)
 * and a wallet icon opening a popover that copies the address or disconnects.
 */
export function WalletButton() {
  const { t } = useTranslation();
  const { account, hasLogin, connecting, connect, disconnect } = useWallet();
  const [open, setOpen] = useState(false);

  if (!account || !hasLogin) {
    return (
      <Button
        size="small"
        color="primary"
        loading={connecting}
        onClick={() => void connect()}
        data-testid="wallet-connect"
      >
        {t("wallet.connect")}
      </Button>
    );
  }

  const actions: MenuAction[] = [
    { key: "copy", text: <span data-testid="wallet-copy">{t("wallet.copy")}</span> },
    { key: "disconnect", text: <span data-testid="wallet-disconnect">{t("wallet.disconnect")}</span> },
  ];
  const onAction = async ({ key }: MenuAction) => {
    setOpen(false);
    if (key === "disconnect") {
      await disconnect();
      return;
    }
    const copied = await copyText(account);
    Toast.show({ content: t(copied ? "wallet.copied" : "wallet.copyFailed"), icon: copied ? "success" : "fail" });
  };

  return (
    <Popover.Menu
      actions={actions}
      onAction={(action) => void onAction(action)}
      visible={open}
      onVisibleChange={setOpen}
      trigger="click"
      placement="bottom-end"
    >
      <button type="button" className={styles.button} aria-label={t("wallet.menu")} data-testid="wallet-button">
        <span data-testid="wallet-address">{shorten(account, 6)}</span>
        <WalletIcon />
      </button>
    </Popover.Menu>
  );
}
