import { useTranslation } from "../../../i18n/react";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { redeemWindowStrings } from "../../shared/redeemWindowStrings";
import { Link } from "wouter";
import type { Address } from "viem";
import { Section } from "../../../components/Section";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useStakeSchedules } from "../hooks/useStakeSchedules";
import { reminderText, remindersAt } from "../utils/reminders";
import styles from "./RedeemWindowCard.module.css";

/**
 * The stakes of `account` whose redeem window is open, or opens within a day, each linking to
 * its details: a window passed unnoticed renews the stake for a whole cycle. Counted on the
 * chain's time (the latest block plus the time since), so a phone clock set wrong moves nothing.
 * Nothing shows until both reads answered, nor when no window is near; a failed read shows the
 * screen's failure notice.
 */
export function RedeemWindowCard({ account }: { account: Address }) {
  addNamespace(useTranslation().i18n, "redeemWindow", redeemWindowStrings);
  const { t } = useTranslation("redeemWindow");
  const stakes = useStakeSchedules(account);
  const now = useChainTime();
  if (stakes.data === undefined || now === undefined) return null;
  const reminders = remindersAt(stakes.data, now);
  // Read, and nothing to remind of: an empty marker, so that "no card" is a state one can wait for.
  if (reminders.length === 0) return <span hidden data-testid="home-redeem-window-none" />;
  return (
    <Section title={t("title")} testId="home-redeem-window">
      <ul className={styles.list}>
        {reminders.map((reminder) => (
          <li key={reminder.id.toString()}>
            <Link
              to={`/contractDetails?id=${reminder.id}`}
              className={styles.row}
              data-testid="redeem-window-row"
              data-id={reminder.id.toString()}
              data-kind={reminder.reminder.kind}
            >
              <span data-testid="redeem-window-text">{reminderText(t, reminder, now)}</span>
              <span aria-hidden="true" className={styles.arrow}>
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
