import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "../../i18n/react";
import { useLocation } from "wouter";
import { ChevronIcon } from "../../components/icons";
import { useLanguage } from "../../i18n/useLanguage";
import { textDirection } from "../../i18n/languages";
import { LanguagePicker } from "./LanguagePicker";
import { useMenu } from "./MenuContext";
import { MENU_ITEMS, isActive } from "./menuItems";
import { useMenuNavigation } from "./useMenuNavigation";
import styles from "./MenuPopup.module.css";
import { useBackCloses } from "../../components/useBackCloses";

/** The side menu of spec §2: every navigation entry, and the language picker. */
export function MenuPopup() {
  const { t } = useTranslation();
  const { visible, close } = useMenu();
  useBackCloses(visible, close);
  const [pathname] = useLocation();
  const go = useMenuNavigation();
  // A side menu slides in from the reading start's opposite edge.
  const position = textDirection(useLanguage()) === "rtl" ? "left" : "right";
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      position={position}
      bodyClassName={styles.body}
      data-testid="menu-popup"
    >
      <h2 className={styles.title}>{t("nav.menu")}</h2>
      <nav className={styles.list}>
        {MENU_ITEMS.map((item) => (
          <button
            key={item.key}
            type="button"
            className={isActive(item, pathname) ? `${styles.item} ${styles.active}` : styles.item}
            onClick={() => {
              close();
              go(item);
            }}
            data-testid={`menu-item-${item.key}`}
          >
            <span>{t(item.label)}</span>
            <ChevronIcon size={16} />
          </button>
        ))}
      </nav>
      <h3 className={styles.subtitle}>{t("nav.language")}</h3>
      <LanguagePicker />
    </Popup>
  );
}
