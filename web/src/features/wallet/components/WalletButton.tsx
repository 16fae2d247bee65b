import { lazy, Suspense, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { shorten } from "../../../lib/format";
import { useWallet } from "../context";
import { WalletIcon } from "../../../components/icons";
import styles from "./WalletButton.module.css";

const WalletMenu = lazy(() => import("./WalletMenu").then((m) => ({ default: m.WalletMenu })));

/**
 * The header's right side (spec §2): "Connect wallet", or once signed in the address (6 … 6)
 * and a wallet icon opening a popover that copies the address or disconnects. The popover's
 * code is fetched on the first tap on the address.
 */
export function WalletButton() {
  const { t } = useTranslation();
  const { account, hasLogin, connecting, connect } = useWallet();
  const [open, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

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

  const button = (onClick?: () => void) => (
    <button
      type="button"
      className={styles.button}
      onClick={onClick}
      aria-label={t("wallet.menu")}
      data-testid="wallet-button"
    >
      <span data-testid="wallet-address">{shorten(account, 6)}</span>
      <WalletIcon />
    </button>
  );
  if (!menuWanted) {
    return button(() => {
      setMenuWanted(true);
      setOpen(true);
    });
  }
  return (
    <Suspense fallback={button()}>
      <WalletMenu account={account} visible={open} onVisibleChange={setOpen}>
        {button()}
      </WalletMenu>
    </Suspense>
  );
}
