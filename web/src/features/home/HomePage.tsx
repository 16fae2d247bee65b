import { IncomeCard } from "./components/IncomeCard";
import { InvitedBy } from "./components/InvitedBy";
import { InviteEntry } from "./components/InviteEntry";
import { LatestNotice } from "./components/LatestNotice";
import { StakingCard } from "./components/StakingCard";

/** /home: the user's hashrate and income, staking, the invite entry and the latest announcement. */
export function HomePage() {
  return (
    <div data-testid="home-page">
      <InvitedBy />
      <IncomeCard />
      <StakingCard />
      <InviteEntry />
      <LatestNotice />
    </div>
  );
}
