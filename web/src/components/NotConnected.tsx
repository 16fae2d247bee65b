import { useTranslation } from "../i18n/react";
import { ConnectButton } from "../features/wallet";
import { addNamespace } from "../i18n/lazyNamespace";
import { screenStrings, type ScreenMessages } from "../i18n/screenStrings";
import styles from "./NotConnected.module.css";
import emptyImage from "../assets/empty.svg";

/**
 * The not-connected placeholder of spec §2: the empty image, one sentence saying what connecting
 * shows here (`what`), and a "Connect wallet" button (issue 22 item 12: not a bare "Wallet").
 * The button (the wallet feature's) keeps the URL's inviter address before connecting.
 */
export function NotConnected({ height = 240, what }: { height?: number; what: keyof ScreenMessages["visitor"] }) {
  addNamespace(useTranslation().i18n, "screens", screenStrings);
  const { t } = useTranslation("screens");
  return (
    <div className={styles.box} style={{ minHeight: height }} data-testid="not-connected">
      <img src={emptyImage} alt="" width={96} height={72} />
      <p className={styles.text} data-testid="not-connected-text">
        {t(`visitor.${what}`)}
      </p>
      <ConnectButton testId="not-connected-connect" />
    </div>
  );
}
