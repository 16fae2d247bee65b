import { lazy, Suspense, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "../../../i18n/react";
import { shorten } from "../../../lib/format";
import { useWallet } from "../context";
import { WalletIcon } from "../../../components/icons";
import styles from "./WalletButton.module.css";

const WalletMenu = lazy(() => import("./WalletMenu").then((m) => ({ default: m.WalletMenu })));
const PendingBadge = lazy(() => import("../../tx/PendingBadge").then((m) => ({ default: m.PendingBadge })));

/**
 * The header's right side (spec §2): "Connect wallet", or once signed in the address (6 … 6)
 * and a wallet icon opening the wallet menu, a bottom sheet, with "1 pending" between them while
 * a transaction this device sent is pending. The sheet's code is fetched on the first tap on
 * the address; the badge's once signed in.
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
        // While it spins it shows no text: it keeps its name for screen readers.
        aria-label={connecting ? t("wallet.connect") : undefined}
        onClick={() => void connect()}
        data-testid="wallet-connect"
      >
        {t("wallet.connect")}
      </Button>
    );
  }

  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          setMenuWanted(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="wallet-button"
      >
        {/* Named by what it shows (the address, "1 pending"), after what it opens. */}
        <span className={styles.hidden}>{t("wallet.menu")} </span>
        <span data-testid="wallet-address">{shorten(account, 6)}</span>
        <Suspense fallback={null}>
          <PendingBadge account={account} />
        </Suspense>
        <WalletIcon />
      </button>
      {menuWanted && (
        <Suspense fallback={null}>
          <WalletMenu account={account} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
