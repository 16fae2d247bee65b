import { lazy, Suspense, useContext } from "react";
import { ApiSessionContext } from "../../lib/api";
import { useWallet } from "../wallet";

// Fetched once someone is signed in: a visitor's first visit carries none of it. A chunk that
// cannot be fetched leaves the screens polling as they do without the stream.
const LiveEvents = lazy(() =>
  import("./LiveEvents").then(
    (module) => ({ default: module.LiveEvents }),
    () => ({ default: () => null }),
  ),
);

/**
 * Mounted once, inside the wallet: while a session is signed in, one stream of live events with
 * its token; a sign-out closes it, another account or a new sign-in opens a new one.
 */
export function LiveEventsSlot() {
  const { account, hasLogin } = useWallet();
  const session = useContext(ApiSessionContext);
  const token = hasLogin ? session.token() : undefined;
  if (!account || !token) return null;
  return (
    <Suspense fallback={null}>
      <LiveEvents key={`${account} ${token}`} account={account} token={token} />
    </Suspense>
  );
}
