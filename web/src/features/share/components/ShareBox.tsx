import { useTranslation } from "../../../i18n/react";
import { CopyButton } from "../../../components/CopyButton";
import { Section } from "../../../components/Section";
import { shorten } from "../../../lib/format";
import { inviteLink } from "../../../lib/inviteLink";
import { useRuntimeConfig } from "../../../lib/runtime";
import { ConnectButton, useWallet } from "../../wallet";
// Not through the wallet feature's index: what the index exports joins the first-visit chunk.
import { OpenInWallet } from "../../wallet/components/OpenInWallet";
import { InviteQr } from "./InviteQr";
import { ShareActions } from "./ShareActions";
import styles from "./ShareBox.module.css";

/** The invite link with its copy button and QR code; a connect button when not signed in. */
export function ShareBox() {
  const { t } = useTranslation();
  const { account, hasLogin } = useWallet();
  const config = useRuntimeConfig();
  const link = hasLogin && account ? inviteLink(window.location.origin, account) : undefined;
  return (
    <Section title={t("share.shareTitle")} testId="share-box">
      <p className={styles.text}>{t("share.shareText")}</p>
      {link ? (
        <>
          <div className={styles.linkRow}>
            <span className={styles.label}>{t("share.inviteLink")}</span>
            <span className={styles.link} data-testid="invite-link" title={link}>
              {shorten(link, 12)}
            </span>
            <CopyButton text={link} testId="copy-invite-link" />
          </div>
          <InviteQr link={link} />
          <ShareActions link={link} />
          <OpenInWalletDisclosure url={link} chainId={config.chain.id} />
        </>
      ) : (
        <div className={styles.connect}>
          <p className={styles.text}>{t("share.connectToInvite")}</p>
          <ConnectButton testId="share-connect" />
        </div>
      )}
    </Section>
  );
}

/** The six "open in a wallet app" links behind a disclosure, collapsed until asked for. */
function OpenInWalletDisclosure({ url, chainId }: { url: string; chainId: number }) {
  const { t } = useTranslation("shareActions");
  return (
    <details className={styles.disclosure} data-testid="share-open-in-disclosure">
      <summary className={styles.summary} data-testid="share-open-in-toggle">
        {t("openIn")}
      </summary>
      <OpenInWallet url={url} chainId={chainId} testId="share-open-in" titled={false} />
    </details>
  );
}
