import { useTranslation } from "../../../i18n/react";
import { INCOME_FILTERS, filterLabelKey, type IncomeFilter } from "../utils/incomes";
import styles from "./IncomeFilters.module.css";

/** The income type filter: all rows, or one of the four income kinds. */
export function TypeFilter({ value, onChange }: { value: IncomeFilter; onChange: (filter: IncomeFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.types} role="group" data-testid="income-type-filter">
      {INCOME_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={filter === value ? `${styles.type} ${styles.active}` : styles.type}
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
          data-testid={`income-filter-${filter}`}
        >
          {t(filterLabelKey(filter))}
        </button>
      ))}
    </div>
  );
}
