import { useTranslation } from "../i18n/react";
import { addNamespace } from "../i18n/lazyNamespace";
import { screenStrings } from "../i18n/screenStrings";
import { useRuntimeConfig } from "../lib/runtime";
import { servedBlock } from "../lib/served";
import styles from "./ServedBlockNote.module.css";

/**
 * "As of block #N" in the corner of a card while any of its `queries` still shows the figures the
 * page came with (lib/served.ts), so nothing looks fresher than it is; gone once they are the
 * app's own reads. It sits in the card's bottom padding, so coming and going moves nothing.
 */
export function ServedBlockNote({ queries }: { queries: readonly { data: unknown; dataUpdatedAt: number }[] }) {
  addNamespace(useTranslation().i18n, "screens", screenStrings);
  const { t } = useTranslation("screens");
  const { contracts } = useRuntimeConfig();
  const block = servedBlock(contracts, ...queries);
  if (block === undefined) return null;
  return (
    <p className={styles.note} data-testid="served-block">
      {t("asOfBlock", { block: block.toString() })}
    </p>
  );
}
