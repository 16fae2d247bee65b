import type { ScreenContext } from "../../app/screens";
import { publicClientFor } from "../../lib/chain";
import { seed, seedServed } from "../../lib/served";
import { stakeViewQuery } from "../shared/hooks/useStakeView";
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

/**
 * The staking card's unit price and cycle from the page's figures (lib/served.ts) when it carries
 * them; home's other figures are the user's own, read as the screen renders.
 */
export function prefetchHome({ queryClient, config }: ScreenContext): boolean {
  const { staking } = config.contracts;
  return seedServed(queryClient, config.contracts, (figures) => [
    seed(stakeViewQuery(publicClientFor(config), staking).queryKey, figures.stakeView),
  ]);
}
