import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/react";
import type { UpcomingChange } from "@dwn/api";
import { ExplorerLink } from "../../components/ExplorerLink";
import { addNamespace } from "../../i18n/lazyNamespace";
import { useApi } from "../../lib/api";
import { describeChange } from "./describe";
import { changesStrings } from "./strings";
import styles from "./UpcomingChanges.module.css";

/** Queued changes are asked for again this often while a screen shows them. */
const REFRESH_MS = 60_000;

/** The changes a screen about `scope` shows: its contract's, and the timelock's own (its notice period). */
export function changesFor(list: readonly UpcomingChange[], scope: "pool" | "staking"): UpcomingChange[] {
  return list.filter((c) => c.contract === scope || c.contract === "timelock" || c.contract === "other");
}

/**
 * "Upcoming change": the owner changes queued in the timelock that will touch this screen's
 * contract, each with its values from now to then and the time from which it can take effect.
 * Nothing while none is queued (or before the first answer).
 */
export function UpcomingChanges({ scope }: { scope: "pool" | "staking" }) {
  addNamespace(useTranslation().i18n, "changes", changesStrings);
  const { t } = useTranslation("changes");
  const call = useApi();
  const { data } = useQuery({
    queryKey: ["system/getUpcomingChanges"],
    queryFn: () => call("system/getUpcomingChanges", {}),
    refetchInterval: REFRESH_MS,
  });
  const shown = changesFor(data ?? [], scope);
  if (shown.length === 0) return null;
  const now = Date.now() / 1000;
  return (
    <section className={styles.card} role="note" aria-label={t("title")} data-testid="upcoming-changes">
      <h2 className={styles.title}>{t("title")}</h2>
      {shown.map((change) => {
        const d = describeChange(change, t, now);
        return (
          <div
            key={`${change.id}:${change.index}`}
            className={styles.change}
            data-testid="upcoming-change"
            data-setting={change.setting}
          >
            <p className={styles.what}>{d.title}</p>
            <ul className={styles.lines}>
              {d.lines.map((line) => (
                <li key={line.param} data-param={line.param}>
                  {line.label}: {line.from === undefined ? line.to : t("arrow", { from: line.from, to: line.to })}
                </li>
              ))}
            </ul>
            <p className={styles.when} data-testid="upcoming-change-when">
              {d.when} <ExplorerLink hash={change.tx_hash} />
            </p>
          </div>
        );
      })}
    </section>
  );
}
