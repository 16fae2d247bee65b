import { useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/react";
import { readErrorText } from "../lib/readError";
import { useRuntimeConfig } from "../lib/runtime";
import styles from "./ReadFailureNotice.module.css";

/**
 * A read a screen shows now whose last attempt failed (it may be retrying). Not a read marked
 * `meta.ownRetry` (a paged list's page): its screen shows its own retry text.
 */
export function isFailing(query: Query): boolean {
  return (
    query.getObserversCount() > 0 &&
    !query.meta?.ownRetry &&
    (query.state.fetchFailureReason != null || query.state.status === "error")
  );
}

/** The error of the first failing read on screen, or null. */
export function firstFailure(client: QueryClient): unknown {
  const query = client.getQueryCache().findAll({ predicate: isFailing })[0];
  return query ? (query.state.fetchFailureReason ?? query.state.error) : null;
}

/**
 * Every screen's one place for a read that failed (DESIGN.md "Honest figures"): a sentence in the
 * user's language naming what cannot be reached, and a button to ask again now. The figures
 * that read feeds stay placeholders meanwhile, and the query client keeps retrying by itself.
 */
export function ReadFailureNotice() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { chain } = useRuntimeConfig();
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const snapshot = () => firstFailure(client);
  const error = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (error == null) return null;
  const retry = () => void client.refetchQueries({ predicate: isFailing });
  return (
    <div className={styles.notice} role="alert" data-testid="read-failure">
      <span className={styles.text} data-testid="read-failure-text">
        {readErrorText(error, t, chain.name)}
      </span>
      <button type="button" className={styles.retry} onClick={retry} data-testid="read-failure-retry">
        {t("readError.retry")}
      </button>
    </div>
  );
}
