import Button from "antd-mobile/es/components/button";
import { useTranslation } from "../../../i18n/react";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { redeemWindowStrings } from "../../shared/redeemWindowStrings";
import type { StakeInfo } from "../../../lib/reads/staking";
import { useRuntimeConfig } from "../../../lib/runtime";
import { useRenewalDelay } from "../../shared/hooks/useRenewalDelay";
import { saveCalendarFile, stakeCalendar } from "../utils/calendar";
import styles from "./CalendarSection.module.css";

/** The details screen of stake `id` in this app, as a full address (the calendar events link to it). */
function stakeLink(id: bigint): string {
  const page = new URL(window.location.href);
  page.hash = `#/contractDetails?id=${id}`;
  return page.toString();
}

/**
 * "Add to calendar": the stake's next three redeem windows as an .ics file made on the device
 * (nothing is sent), each with a reminder an hour before it closes. Offered once the stake, the
 * contract's renewal pause and the chain's time are read; not for a redeemed stake.
 */
export function CalendarSection({ info, now }: { info: StakeInfo | undefined; now: bigint | undefined }) {
  addNamespace(useTranslation().i18n, "redeemWindow", redeemWindowStrings);
  const { t } = useTranslation("redeemWindow");
  const { chain, contracts } = useRuntimeConfig();
  const renewalDelay = useRenewalDelay();
  if (info?.redeemed) return null;
  const ready = info !== undefined && renewalDelay.data !== undefined && now !== undefined;
  const save = () => {
    if (!ready) return;
    const id = info.id.toString();
    const ics = stakeCalendar({
      chainId: chain.id,
      staking: contracts.staking,
      id: info.id,
      link: stakeLink(info.id),
      schedule: {
        startTime: info.startTime,
        durationPerCycle: info.durationPerCycle,
        gracePeriod: info.gracePeriod,
        renewalDelay: renewalDelay.data,
      },
      now,
      texts: {
        summary: t("eventSummary", { id }),
        description: t("eventDescription", { id }),
        alarm: t("alarm", { id }),
      },
    });
    saveCalendarFile(`stake-${id}-redeem-windows.ics`, ics);
  };
  return (
    <section className={styles.calendar} data-testid="detail-calendar">
      <p className={styles.note}>{t("calendarNote")}</p>
      {/* The button's room is kept while its reads are on the way; it appears enabled, never
          fading in from disabled under a reader (or axe, which measured it mid-fade). */}
      <div className={styles.action}>
        {ready && (
          <Button block fill="outline" onClick={save} data-testid="detail-add-calendar">
            {t("addToCalendar")}
          </Button>
        )}
      </div>
    </section>
  );
}
