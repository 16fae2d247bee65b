import { lazy, Suspense } from "react";
import { useSearchParams } from "../../../app/hashRouter";
import { useWallet } from "../../wallet";

// The check (validUser on chain) and its sentences load only for a visitor who opened an invite link.
const InviterCheck = lazy(() => import("./InviterCheck").then((m) => ({ default: m.InviterCheck })));

/** A visitor who opened an invite link (`?address=…`) sees who invited them before connecting. */
export function InvitedBy() {
  const { account } = useWallet();
  const address = useSearchParams().get("address")?.trim();
  if (account || !address) return null;
  return (
    <Suspense fallback={null}>
      <InviterCheck address={address} />
    </Suspense>
  );
}
