import DatePicker from "antd-mobile/es/components/date-picker";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { showToast } from "../../../components/toast";
import { timeRange, type PickedDays } from "../utils/incomes";
import styles from "./IncomeFilters.module.css";

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * The start and end time pickers. The list is filtered once both days are picked; with one
 * alone the user is asked for the other (spec §5 "Please select start/end time").
 */
export function DaysFilter({ value, onChange }: { value: PickedDays; onChange: (days: PickedDays) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"start" | "end" | null>(null);
  const [today] = useState(() => new Date());

  const pick = (days: PickedDays) => {
    onChange(days);
    const result = timeRange(days);
    if ("problem" in result) showToast({ content: t(result.problem) });
  };

  const button = (which: "start" | "end") => {
    const date = value[which];
    const label = which === "start" ? t("incomeLog.startTime") : t("incomeLog.endTime");
    return (
      <button
        type="button"
        className={date ? `${styles.day} ${styles.picked}` : styles.day}
        onClick={() => setOpen(which)}
        data-testid={`income-${which}-time`}
      >
        {date ? day(date) : label}
      </button>
    );
  };

  return (
    <div className={styles.days}>
      {button("start")}
      <span className={styles.dash}>–</span>
      {button("end")}
      {(value.start || value.end) && (
        <button type="button" className={styles.clear} onClick={() => onChange({})} data-testid="income-clear-time">
          {t("incomeLog.clear")}
        </button>
      )}
      <DatePicker
        visible={open === "start"}
        title={t("incomeLog.startTime")}
        precision="day"
        max={value.end ?? today}
        value={value.start ?? null}
        onClose={() => setOpen(null)}
        onConfirm={(start) => pick({ ...value, start })}
      />
      <DatePicker
        visible={open === "end"}
        title={t("incomeLog.endTime")}
        precision="day"
        min={value.start}
        max={today}
        value={value.end ?? null}
        onClose={() => setOpen(null)}
        onConfirm={(end) => pick({ ...value, end })}
      />
    </div>
  );
}
