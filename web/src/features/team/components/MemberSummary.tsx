import type { TeamBranch } from "@dwn/api";
import type { ReactNode } from "react";
import { useTranslation } from "../../../i18n/react";
import { known } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { parseAmount } from "../../../lib/amount";
import { displayAddress } from "../../../lib/displayAddress";
import { formatTime, shorten } from "../../../lib/format";
import { levelKey } from "../../../lib/levels";
import { formatMoney } from "../../../lib/money";
import styles from "../TeamPage.module.css";

const figure = (amount: string) => formatMoney("figure", parseAmount(amount));

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * A member's figures (placeholders until user/getTeamBranch answers), and its community details
 * as the spec's strings name them: address, level and community performance (the small area).
 */
export function MemberSummary({ branch }: { branch: TeamBranch | undefined }) {
  const { t } = useTranslation("team");
  const { t: common } = useTranslation();
  const member = branch?.member;
  return (
    <>
      <Section title={t("summary")} testId="team-summary">
        <dl className={styles.figures}>
          <Figure label={t("ownHashrate")} testId="team-own-hashrate">
            {known(member?.own_hashrate, figure)}
          </Figure>
          <Figure label={t("teamHashrate")} testId="team-team-hashrate">
            {known(member?.team_hashrate, figure)}
          </Figure>
          <Figure label={t("directFriends")} testId="team-friend-count">
            {known(member?.friend_num, String)}
          </Figure>
          <Figure label={t("communitySize")} testId="team-community-size">
            {known(member?.community_num, String)}
          </Figure>
          <Figure label={t("branchDepth")} testId="team-branch-depth">
            {known(member?.branch_depth, String)}
          </Figure>
          <Figure label={t("generation")} testId="team-generation">
            {known(member?.generation, String)}
          </Figure>
          <Figure label={t("topTier")} testId="team-top-tier">
            {known(member?.top_tier, (tier) => (tier > 0 ? t("tier", { tier }) : t("noTier")))}
          </Figure>
          <Figure label={t("joined")} testId="team-joined">
            {known(member, (m) => (m.create_time === null ? t("root") : formatTime(m.create_time)))}
          </Figure>
        </dl>
      </Section>
      <Section title={common("community.title")} testId="team-community">
        <dl className={styles.details}>
          <dt>{common("community.friendAddress")}</dt>
          <dd className={styles.fullAddress} data-testid="community-address">
            {known(member?.address, displayAddress)}
          </dd>
          <dt>{common("community.level")}</dt>
          <dd data-testid="community-level">{known(member?.level, (level) => common(levelKey(level)))}</dd>
          <dt>{common("community.performance")}</dt>
          <dd data-testid="community-performance">{known(member?.small_performance, figure)}</dd>
        </dl>
        {branch && (
          <p className={styles.note} data-testid="team-small-area-note">
            {branch.largest_leg
              ? t("smallArea", {
                  largest: shorten(displayAddress(branch.largest_leg.address), 4),
                  largestPerformance: figure(branch.largest_leg.team_performance),
                })
              : t("noLegs")}
          </p>
        )}
      </Section>
    </>
  );
}
