import type { ReactNode } from "react";
import { useTranslation } from "../i18n/react";
import { Link } from "wouter";
import { useMenu } from "../features/menu/MenuContext";
import { WalletButton } from "../features/wallet";
import { Logo, MenuIcon } from "./icons";
import styles from "./AppHeader.module.css";

/**
 * The common header of spec §2: the logo, the wallet button and the menu icon. The shell drawn
 * before the runtime config arrives passes its own wallet control (no wallet session yet).
 */
export function AppHeader({ wallet = <WalletButton /> }: { wallet?: ReactNode }) {
  const { t } = useTranslation();
  const menu = useMenu();
  return (
    <header className={styles.header} data-testid="app-header">
      <Link to="/home" className={styles.logo} aria-label={t("header.logo")} data-testid="header-logo">
        <Logo />
      </Link>
      <div className={styles.actions}>
        {wallet}
        <button
          type="button"
          className={styles.menu}
          onClick={menu.open}
          aria-label={t("header.openMenu")}
          data-testid="header-menu"
        >
          <MenuIcon />
        </button>
      </div>
    </header>
  );
}
