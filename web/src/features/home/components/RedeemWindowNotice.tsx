import { lazy, Suspense } from "react";
import { useWallet } from "../../wallet";

// The card's reads and arithmetic load only once a wallet is connected, outside the first visit.
const RedeemWindowCard = lazy(() => import("./RedeemWindowCard").then((m) => ({ default: m.RedeemWindowCard })));

/** Home's reminder of a redeem window open or near, for the connected account's stakes. */
export function RedeemWindowNotice() {
  const { account } = useWallet();
  if (!account) return null;
  return (
    <Suspense fallback={null}>
      <RedeemWindowCard account={account} />
    </Suspense>
  );
}
