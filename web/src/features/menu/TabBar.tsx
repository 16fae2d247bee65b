import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { useLocation } from "wouter";
import { GridIcon, HomeIcon, MenuIcon, ShareIcon } from "../../components/icons";
import { useMenu } from "./MenuContext";
import { MENU_ITEMS, isActive, type MenuItem } from "./menuItems";
import { useMenuNavigation } from "./useMenuNavigation";
import styles from "./TabBar.module.css";

const TABS: readonly [MenuItem["key"], ReactNode][] = [
  ["home", <HomeIcon key="home" />],
  ["ecosystem", <GridIcon key="ecosystem" />],
  ["share", <ShareIcon key="share" />],
];

/** The bottom tab bar: the main screens, and "Menu", which opens the navigation popup. */
export function TabBar() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const menu = useMenu();
  const go = useMenuNavigation();
  return (
    <nav className={styles.bar} data-testid="tab-bar">
      {TABS.map(([key, icon]) => {
        const item = MENU_ITEMS.find((entry) => entry.key === key);
        if (!item) return null;
        const active = isActive(item, pathname);
        return (
          <button
            key={key}
            type="button"
            className={active ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={active ? "page" : undefined}
            onClick={() => go(item)}
            data-testid={`tab-${key}`}
          >
            {icon}
            <span>{t(item.label)}</span>
          </button>
        );
      })}
      <button type="button" className={styles.tab} onClick={menu.open} data-testid="tab-menu">
        <MenuIcon />
        <span>{t("nav.menu")}</span>
      </button>
    </nav>
  );
}
