import { IncomeCard } from "./components/IncomeCard";
import { InvitedBy } from "./components/InvitedBy";
import { InviteEntry } from "./components/InviteEntry";
import { LatestNotice } from "./components/LatestNotice";
import { RedeemWindowNotice } from "./components/RedeemWindowNotice";
import { StakingCard } from "./components/StakingCard";

/** /home: a redeem window open or near, the user's hashrate and income, staking, the invite entry and the latest announcement. */
export function HomePage() {
  return (
    <div data-testid="home-page">
      <InvitedBy />
      <RedeemWindowNotice />
      <IncomeCard />
      <StakingCard />
      <InviteEntry />
      <LatestNotice />
    </div>
  );
}
