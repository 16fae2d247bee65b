import type { ReactNode } from "react";
import styles from "./Placeholder.module.css";

/** What a figure shows until its read answers: never a 0 that the chain or the API did not say. */
export const PLACEHOLDER_TEXT = "--";

/** A figure not known yet (loading, failed, or not connected): a dimmed dash with a shimmer. */
export function Placeholder() {
  return (
    <span className={styles.placeholder} data-placeholder="" aria-busy="true">
      {PLACEHOLDER_TEXT}
    </span>
  );
}

/** `show(value)` once the value is known; the placeholder while it is undefined. */
export function known<T>(value: T | undefined | null, show: (value: T) => ReactNode): ReactNode {
  return value === undefined || value === null ? <Placeholder /> : show(value);
}
