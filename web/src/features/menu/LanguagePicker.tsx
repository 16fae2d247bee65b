import { changeLanguage } from "../../i18n";
import { PICKER_LANGUAGES } from "../../i18n/languages";
import { useLanguage } from "../../i18n/useLanguage";
import styles from "./LanguagePicker.module.css";

/** The two languages the picker offers (spec §1); the choice is kept in the cookie. */
export function LanguagePicker() {
  const language = useLanguage();
  return (
    <div className={styles.row} role="radiogroup">
      {PICKER_LANGUAGES.map(({ code, name }) => (
        <button
          key={code}
          type="button"
          role="radio"
          aria-checked={language === code}
          className={language === code ? `${styles.option} ${styles.active}` : styles.option}
          onClick={() => void changeLanguage(code)}
          data-testid={`language-${code}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
