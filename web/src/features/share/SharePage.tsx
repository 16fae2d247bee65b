import { useTranslation } from "../../i18n/react";
import { Section } from "../../components/Section";
import { InviterCard } from "./components/InviterCard";
import { ShareBanner } from "./components/ShareBanner";
import { ShareBox } from "./components/ShareBox";
import { TeamList } from "./components/TeamList";
import { TeamSummary } from "./components/TeamSummary";

/** /share: banner, inviter, invite link and QR, team summary and team list (spec §2). */
export function SharePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="share-page">
      <ShareBanner />
      <InviterCard />
      <ShareBox />
      <Section title={t("share.team")} testId="team-section">
        <TeamSummary />
        <TeamList />
      </Section>
    </div>
  );
}
