import { useTranslation } from "../../../i18n/react";
import { shorten } from "../../../lib/format";
import { InviteProblem } from "../../wallet/components/InviteProblem";
import { useInviterProblem } from "../../wallet/rootInvite";
import styles from "./IncomeCard.module.css";

/**
 * The invite link's inviter, named only once the chain confirmed it can invite (the pool's
 * validUser); otherwise why the link cannot be used and what to do instead.
 */
export function InviterCheck({ address }: { address: string }) {
  const { t } = useTranslation();
  const problem = useInviterProblem(address);
  if (problem === undefined) return null;
  if (problem === null) {
    return (
      <p className={styles.invitedBy} data-testid="home-invited-by" title={address}>
        {t("home.invitedBy", { address: shorten(address, 6) })}
      </p>
    );
  }
  return (
    <div className={styles.inviteProblem} data-testid="home-invite-problem">
      <InviteProblem problem={problem} />
    </div>
  );
}
