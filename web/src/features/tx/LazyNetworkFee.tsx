import { lazy, Suspense } from "react";
import { Placeholder } from "../../components/Placeholder";
import type { FeeRequest } from "./networkFee";
import styles from "./NetworkFee.module.css";

const NetworkFee = lazy(() => import("./NetworkFee").then((m) => ({ default: m.NetworkFee })));

/**
 * The network-fee line (NetworkFee.tsx) of a confirm, its code, strings and viem's gas estimate
 * fetched when there is something to estimate (a popup open, a signed-in staking screen), not
 * with the screen: a placeholder until they arrive.
 */
export function LazyNetworkFee({ request }: { request: FeeRequest | undefined }) {
  if (!request) return null;
  return (
    <Suspense
      fallback={
        <p className={styles.fee}>
          <Placeholder />
        </p>
      }
    >
      <NetworkFee request={request} />
    </Suspense>
  );
}
