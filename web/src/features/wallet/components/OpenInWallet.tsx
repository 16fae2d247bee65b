import { useTranslation } from "../../../i18n/react";
import { WALLET_APPS } from "../walletApps";
import styles from "./OpenInWallet.module.css";

/**
 * "Open in your wallet app": one real link per wallet app (`<a href>`, so a long press and a page
 * without script work too), each opening `url` (with its `?address=` inviter) in that app.
 */
export function OpenInWallet({
  url,
  chainId,
  testId,
  titled = true,
}: {
  url: string;
  chainId: number;
  testId: string;
  /** false where a disclosure's summary names the links already. */
  titled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.box} aria-label={t("wallet.openIn.title")} data-testid={testId}>
      {titled && <h4 className={styles.title}>{t("wallet.openIn.title")}</h4>}
      <ul className={styles.list}>
        {WALLET_APPS.map((app) => (
          <li key={app.id}>
            <a
              className={styles.link}
              href={app.link(url, chainId)}
              rel="noopener noreferrer"
              data-testid={`open-in-${app.id}`}
            >
              {app.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
