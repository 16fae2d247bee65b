import { useTranslation } from "react-i18next";
import { ConnectButton } from "../features/wallet";
import styles from "./NotConnected.module.css";
import emptyImage from "../assets/empty.svg";

/**
 * The not-connected placeholder of spec §2: the empty image and a connect button. The button
 * (the wallet feature's) keeps the URL's inviter address before connecting.
 */
export function NotConnected({ height = 240 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} style={{ minHeight: height }} data-testid="not-connected">
      <img src={emptyImage} alt="" width={96} height={72} />
      <ConnectButton testId="not-connected-connect">{t("common.wallet")}</ConnectButton>
    </div>
  );
}
