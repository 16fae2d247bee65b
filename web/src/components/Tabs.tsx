import type { ReactNode } from "react";
import styles from "./Tabs.module.css";

export interface Tab {
  key: number;
  title: ReactNode;
}

/**
 * A row of tabs, the chosen one underlined, as antd-mobile's Tabs draws them but without its
 * sliding underline: its animation library would add 15 kB Brotli to /pledge's first download.
 * The content below is the caller's (WAI-ARIA tablist: each tab is a button that says whether
 * it is selected).
 */
export function Tabs({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly Tab[];
  active: number;
  onChange: (key: number) => void;
}) {
  return (
    <div role="tablist" className={styles.list}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={styles.tab}
          onClick={() => onChange(tab.key)}
        >
          <span className={styles.title}>{tab.title}</span>
        </button>
      ))}
    </div>
  );
}
