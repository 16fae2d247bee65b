import { useEffect, useState } from "react";
import { onWalletConnected } from "../features/wallet";

/**
 * A number that grows on every "walletConnected" broadcast (spec §2): part of a list's reset
 * key, so lists load again from page 1 after a connect, as the spec's screens refresh.
 */
export function useWalletConnectedTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => onWalletConnected(() => setTick((n) => n + 1)), []);
  return tick;
}
