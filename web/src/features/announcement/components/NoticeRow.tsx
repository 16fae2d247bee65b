import type { Notice } from "@dwn/api";
import { Link } from "wouter";
import { ChevronIcon } from "../../../components/icons";
import { formatTime } from "../../../lib/format";
import styles from "./NoticeRow.module.css";

/** An announcement in a list: its title and date, opening its detail screen. */
export function NoticeRow({ notice }: { notice: Notice }) {
  return (
    <Link to={`/announcement/${notice.id}`} className={styles.row} data-testid={`notice-${notice.id}`}>
      <span className={styles.text}>
        <span className={styles.title}>{notice.title}</span>
        {/* In a shell the server rendered, the page's boot script writes the time again in the
            device's time zone before it paints (app/bootShell.ts, data-local-time). */}
        <time
          className={styles.time}
          dateTime={new Date(notice.create_time * 1000).toISOString()}
          data-local-time={notice.create_time}
        >
          {formatTime(notice.create_time)}
        </time>
      </span>
      <ChevronIcon size={16} />
    </Link>
  );
}
