import type { ReactNode } from "react";
import styles from "./Section.module.css";

/** A titled card: the building block of every screen. */
export function Section({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.card} data-testid={testId}>
      {(title || extra) && (
        <header className={styles.head}>
          <h2 className={styles.title}>{title}</h2>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
