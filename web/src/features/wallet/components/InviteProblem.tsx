import { useTranslation } from "../../../i18n/react";
import { inviteRoute, useInviteStrings, useRootInviter } from "../rootInvite";
import styles from "./WalletPopup.module.css";

/**
 * Why an invite link cannot be used (not an address, or an address that has not joined), what
 * to do (ask for another link), and the root's link, which always can.
 */
export function InviteProblem({ problem, onLeave }: { problem: "malformed" | "outsideTree"; onLeave?: () => void }) {
  const { t } = useTranslation();
  const inviteT = useInviteStrings();
  const root = useRootInviter();
  return (
    <div role="alert" data-testid="invite-problem">
      <p className={styles.message}>{t(`wallet.bind.${problem}`)}</p>
      <p className={styles.message}>{t("wallet.bind.askAnother")}</p>
      {root && (
        <a className={styles.rootLink} href={inviteRoute(root)} onClick={onLeave} data-testid="invite-root-link">
          {inviteT("useRoot")}
        </a>
      )}
    </div>
  );
}
