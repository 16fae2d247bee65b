import type { Friend } from "@dwn/api";
import { parseAmount } from "../../../lib/amount";
import { displayAddress } from "../../../lib/displayAddress";
import { formatCompact, formatTime, shorten } from "../../../lib/format";
import styles from "../../../components/ListRow.module.css";

/** One direct friend: team computing power over address, joining time over community size. */
export function FriendRow({ friend, onOpen }: { friend: Friend; onOpen: (friend: Friend) => void }) {
  return (
    <button type="button" className={styles.row} onClick={() => onOpen(friend)} data-testid="friend-row">
      <span className={styles.cell}>
        <strong data-testid="friend-performance">{formatCompact(parseAmount(friend.team_performance))}</strong>
        <span className={styles.address} data-testid="friend-address">
          {shorten(displayAddress(friend.address), 6)}
        </span>
      </span>
      <span className={`${styles.cell} ${styles.end}`}>
        <span data-testid="friend-joined">{formatTime(friend.create_time)}</span>
        <span data-testid="friend-community-num">{friend.community_num}</span>
      </span>
    </button>
  );
}
