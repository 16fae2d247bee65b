import { useTranslation } from "../i18n/react";
import { copyText } from "../lib/clipboard";
import { CopyIcon } from "./icons";
import { showToast } from "./toast";
import styles from "./CopyButton.module.css";

/** Copies `text` and says whether it worked (spec §8 "Clipboard"). */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyText(text);
    showToast({ content: copied ? t("common.copied") : t("common.copyFailed"), icon: copied ? "success" : "fail" });
  };
  return (
    <button type="button" className={styles.button} onClick={copy} aria-label={t("common.copy")} data-testid={testId}>
      <CopyIcon size={18} />
    </button>
  );
}
