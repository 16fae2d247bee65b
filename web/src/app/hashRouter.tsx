import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { Redirect, Router, useRouter } from "wouter";

/**
 * The app's routes live in the URL's hash, query included (DESIGN.md §6): `#/contractDetails?id=3`,
 * `#/?address=0x…`. wouter routes them through this location (its own hash location would move
 * the query out of the hash), and each entry the app adds numbers itself in `history.state.idx`
 * as the entries before it did, so Back knows whether there is a screen of the app to go back to.
 */

/** The route of a hash, without its query: "#/contractDetails?id=3" → "/contractDetails"; "" → "/". */
export function pathOfHash(hash: string): string {
  return "/" + hash.replace(/^#?\/?/, "").split("?")[0];
}

/** The query of a hash route, without its "?": "#/contractDetails?id=3" → "id=3". */
export function searchOfHash(hash: string): string {
  const at = hash.indexOf("?");
  return at < 0 ? "" : hash.slice(at + 1);
}

/** This history entry's number among the app's: 0 for the page opened first (or entered from outside). */
export function historyIndex(): number {
  const index: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === "number" ? index : 0;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Back and forward (popstate), and a hash set from outside the router (hashchange).
    window.addEventListener("popstate", notify);
    window.addEventListener("hashchange", notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("popstate", notify);
      window.removeEventListener("hashchange", notify);
    }
  };
}

const currentHash = () => window.location.hash;
/** Rendered outside a browser (the tests render to HTML): the index route. */
const serverHash = () => "";

export interface NavigateOptions {
  /** Replace this entry instead of adding one. */
  replace?: boolean;
}

/**
 * Goes to `to` ("/pledge", "/contractDetails?id=3"). A link to the route already shown replaces
 * its entry rather than adding a second one for the same screen.
 */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  const hash = `#${to}`;
  const same = hash === currentHash() || (to === "/" && currentHash() === "");
  const index = historyIndex();
  if (replace || same) window.history.replaceState({ idx: index }, "", hash);
  else window.history.pushState({ idx: index + 1 }, "", hash);
  notify();
}

/** wouter's location hook for the hash: the route's path and `navigate`. */
export function useHashLocation(): [string, typeof navigate] {
  return [pathOfHash(useSyncExternalStore(subscribe, currentHash, serverHash)), navigate];
}

/** wouter's search hook for the hash: the route's query, without its "?". */
export function useHashSearch(): string {
  return searchOfHash(useSyncExternalStore(subscribe, currentHash, serverHash));
}

/** A route's href: its hash. */
export const hrefOf = (to: string) => `#${to}`;

/** The app's router: wouter on the URL's hash. */
export function HashRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hrefOf}>
      {children}
    </Router>
  );
}

/** The route's query as the URL has it, without its "?" (wouter's own `useSearch` decodes it first). */
export function useRouteSearch(): string {
  const router = useRouter();
  return router.searchHook(router);
}

/** The route's query parameters. */
export function useSearchParams(): URLSearchParams {
  const search = useRouteSearch();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Goes home, keeping the query: `#/?address=…` must still carry the inviter to /home. */
export function ToHome() {
  const search = useRouteSearch();
  return <Redirect to={search ? `/home?${search}` : "/home"} replace />;
}
