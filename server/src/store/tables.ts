/**
 * The tables the indexer derives from the chain, in one place: what the apply stage inserts, what
 * a reorg's rollback deletes, what reindex rebuilds and swaps in, what the tests compare between
 * two indexes of one chain, and the apply code's version (apply/version.ts) all come from this
 * list. `store.test.ts` checks it against the schema the migrations build, on both databases.
 *
 * Most tables are append-only: each event is a row of its own, with its block, never updated
 * (a redemption is a row of stake_redemptions, not columns of its stake), and readers join them
 * through views. A reorg's rollback is then one `DELETE … WHERE block > N` per table. The
 * referral tree (`members`), its team figures (`team_figures`, sums kept up to date by each
 * purchase and bind) and the legs of its largest inviters (`ranked_legs`) are the derived tables whose
 * rollback is written by hand (apply/undo.ts).
 */

/** The SQL types the apply stage writes (one array parameter per column, read back with unnest). */
export type ColumnType = "text" | "integer" | "smallint" | "bigint" | "numeric" | "bytea" | "integer[]";

export interface DerivedTable {
  name: string;
  /** The order two copies of the table are compared in: its primary key. */
  key: string;
  /** The columns the apply stage inserts, with their types (the others have defaults, or are set later). */
  columns: Readonly<Record<string, ColumnType>>;
  /**
   * The column naming the block that wrote a row, when each row belongs to one block: a rollback
   * deletes the rows of the blocks it takes back. Null for tables a rollback handles otherwise.
   */
  block: string | null;
  /**
   * Rows are only ever inserted, one per event, never updated: what the tests compare between
   * two indexes of one chain, and what a rollback undoes by its block alone.
   */
  appendOnly: boolean;
}

const table = (t: DerivedTable): DerivedTable => t;

/** A log the indexer applied: applying a batch twice changes nothing. */
export const appliedLogs = table({
  name: "applied_logs",
  key: "block_number, log_index",
  columns: { tx_hash: "text", log_index: "integer", block_number: "bigint" },
  block: "block_number",
  appendOnly: true,
});

/**
 * The referral tree: a row per member, written when it binds (or, for the root, first named) and
 * never updated; a rollback deletes the members who joined in the blocks it takes back
 * (apply/undo.ts). Its figures are rows of `team_figures`, by the same key. Each row also holds
 * its jump pointers (its ancestors 1, 2, 4, … generations up; written when it binds, gone with
 * its row): the team explorer's descendant check.
 */
export const members = table({
  name: "members",
  key: "address",
  columns: {
    id: "integer",
    address: "text",
    inviter: "text",
    depth: "integer",
    bind_time: "bigint",
    bind_block: "bigint",
    /**
     * Its jump pointers: jumps[k + 1] is the key of its ancestor 2^k generations up, as far as the
     * root (migration 16): the team explorer's descendant check in ⌊log2 generations⌋ + 1 key reads.
     */
    jumps: "integer[]",
  },
  block: null,
  appendOnly: false,
});

/**
 * Each member's team figures (DESIGN.md §4), by the key of its row in `members`: derived sums,
 * updated by every purchase and bind below; a rollback subtracts what it takes back
 * (apply/undo.ts). A table of their own, as narrow as the figures: a purchase rewrites the row of
 * every ancestor of its buyer, and a narrow row costs PostgreSQL less to write again.
 */
export const teamFigures = table({
  name: "team_figures",
  key: "id",
  columns: {
    id: "integer",
    own_hashrate: "numeric",
    team_hashrate: "numeric",
    max_leg: "numeric",
    friend_num: "integer",
    community_num: "integer",
    /** How many generations its branch goes below it (0 without invitees): raised by binds below (migration 16). */
    height: "integer",
  },
  block: null,
  appendOnly: false,
});

/**
 * The direct legs of each member with many invitees (at least LEGS_FROM, apply/team.ts), by key:
 * for each of its invitees, its bind time, address and branch total (own plus team hashrate),
 * indexed by inviter in the team explorer's "largest legs first" order (migration 18). Written by
 * the apply stage when an inviter reaches LEGS_FROM invitees, then kept up to date by every
 * purchase and bind below those invitees; a rollback deletes the rows of the members it takes
 * back, and of the inviters it takes under LEGS_FROM, and reads the branch totals again.
 */
export const rankedLegs = table({
  name: "ranked_legs",
  key: "id",
  columns: { id: "integer", inviter: "text", bind_time: "bigint", address: "text", branch: "numeric" },
  block: null,
  appendOnly: false,
});

export const nfts = table({
  name: "nfts",
  key: "token_id",
  columns: {
    token_id: "numeric",
    owner: "text",
    tier: "smallint",
    hashrate: "numeric",
    makeup_hashrate: "numeric",
    usdtprice: "numeric",
    dwn8price: "numeric",
    create_time: "bigint",
    block_number: "bigint",
    tx_hash: "text",
  },
  block: "block_number",
  appendOnly: true,
});

/** Income credited (kind 1 static, 2 dynamic, 3 direct push, 4 guaranteed return). */
export const incomes = table({
  name: "incomes",
  key: "tx_hash, log_index",
  columns: {
    tx_hash: "text",
    log_index: "integer",
    timestamp: "bigint",
    block_number: "bigint",
    address: "text",
    from_address: "text",
    kind: "smallint",
    amount: "numeric",
  },
  block: "block_number",
  appendOnly: true,
});

/** Income paid out (kind 1 static, 2 dynamic). */
export const incomeCollections = table({
  name: "income_collections",
  key: "tx_hash, log_index",
  columns: {
    tx_hash: "text",
    log_index: "integer",
    timestamp: "bigint",
    block_number: "bigint",
    address: "text",
    kind: "smallint",
    amount: "numeric",
  },
  block: "block_number",
  appendOnly: true,
});

/** Stakes with the terms they snapshotted; read with their redemptions through `stakes_view`. */
export const stakes = table({
  name: "stakes",
  key: "id",
  columns: {
    id: "bigint",
    address: "text",
    units: "bigint",
    principal: "numeric",
    a8_amount: "numeric",
    start_time: "bigint",
    duration: "bigint",
    grace_period: "bigint",
    reward_per_unit_per_second: "numeric",
    block_number: "bigint",
    tx_hash: "text",
  },
  block: "block_number",
  appendOnly: true,
});

/** Where an event row comes from: its log (the key) and its block, with the block's time. */
const EVENT_ROW = { tx_hash: "text", log_index: "integer", block_number: "bigint", timestamp: "bigint" } as const;

/** A stake's redemption (one at most): `stakes_view` shows it as the stake's redeem_ columns. */
export const stakeRedemptions = table({
  name: "stake_redemptions",
  key: "tx_hash, log_index",
  columns: {
    ...EVENT_ROW,
    stake_id: "bigint",
    amount: "numeric",
    fee: "numeric",
  },
  block: "block_number",
  appendOnly: true,
});

export const stakeClaims = table({
  name: "stake_claims",
  key: "tx_hash, log_index",
  columns: {
    tx_hash: "text",
    log_index: "integer",
    timestamp: "bigint",
    block_number: "bigint",
    stake_id: "bigint",
    address: "text",
    amount: "numeric",
    fee: "numeric",
  },
  block: "block_number",
  appendOnly: true,
});

/** The timelock's queue: every call scheduled; read with how it ended through `owner_changes_view`. */
export const ownerChanges = table({
  name: "owner_changes",
  key: "tx_hash, log_index",
  columns: {
    tx_hash: "text",
    log_index: "integer",
    block_number: "bigint",
    op_id: "text",
    op_index: "integer",
    target: "text",
    value: "numeric",
    data: "text",
    predecessor: "text",
    delay: "bigint",
    scheduled_at: "bigint",
    ready_at: "bigint",
  },
  block: "block_number",
  appendOnly: true,
});

/**
 * The timelock's executions (kind 1, of call op_index) and cancellations (kind 2, op_index null:
 * every call of the operation): each ends the calls of its operation scheduled before it.
 */
export const ownerChangeEnds = table({
  name: "owner_change_ends",
  key: "tx_hash, log_index",
  columns: {
    ...EVENT_ROW,
    op_id: "text",
    op_index: "integer",
    kind: "smallint",
  },
  block: "block_number",
  appendOnly: true,
});

/**
 * The hash of each block the tables reflect, which finds a reorg's common ancestor. A block's row
 * is written again when its hash is recorded again (not append-only), and pruned far below the
 * checkpoint; a rollback deletes it by its block all the same.
 */
export const blockHashes = table({
  name: "block_hashes",
  key: "block_number",
  columns: { block_number: "bigint", hash: "text" },
  block: "block_number",
  appendOnly: false,
});

/**
 * The latest snapshot of the referral tree the indexer keeps in memory (apply/tree.ts), as of
 * the last block applied when it was written: a cache of `members`, read at start. Written by
 * the applier, not inserted row by row; a rollback past its block deletes it.
 */
export const treeSnapshots = table({
  name: "tree_snapshots",
  key: "block_number",
  columns: { block_number: "bigint", members: "integer", addresses: "bytea", inviters: "bytea", branches: "text" },
  block: "block_number",
  appendOnly: false,
});

/** The indexer's checkpoint (one row per chain). */
export const syncState = table({
  name: "sync_state",
  key: "id",
  columns: {
    id: "text",
    chain_id: "integer",
    block_number: "bigint",
    block_time: "bigint",
    head_block: "bigint",
    updated_at: "bigint",
  },
  block: null,
  appendOnly: false,
});

/** The version of the apply code that built the tables (one row; see apply/version.ts). */
export const applyVersion = table({
  name: "apply_version",
  key: "version",
  columns: { version: "text" },
  block: null,
  appendOnly: false,
});

/**
 * Every table derived from the chain, children before the tables they reference: reindex
 * rebuilds and swaps in all of them. The log of reorgs the indexer handled is history, not chain
 * data, and stays; sign-in, sessions, limits and announcements are not derived.
 */
export const DERIVED_TABLES: readonly DerivedTable[] = [
  stakeClaims,
  stakeRedemptions,
  stakes,
  incomeCollections,
  incomes,
  nfts,
  ownerChangeEnds,
  ownerChanges,
  appliedLogs,
  rankedLegs,
  teamFigures,
  members,
  treeSnapshots,
  blockHashes,
  syncState,
  applyVersion,
];

/**
 * The views readers join the append-only tables through (created by the migrations): reindex
 * swaps them in with the tables they read.
 */
export const DERIVED_VIEWS: readonly { name: string; key: string }[] = [
  { name: "stakes_view", key: "id" },
  { name: "owner_changes_view", key: "tx_hash, log_index" },
];

/** The append-only tables, one row per event, children before parents. */
export const EVENT_TABLES: readonly DerivedTable[] = DERIVED_TABLES.filter((t) => t.appendOnly);

/** The tables whose rows each belong to one block, children before parents: a rollback's deletes. */
export const BLOCK_TABLES: readonly DerivedTable[] = DERIVED_TABLES.filter((t) => t.block !== null);

/** `"name type, …"`: a table's inserted columns as the apply stage's unnest reads them. */
export const columnList = (t: DerivedTable): string =>
  Object.entries(t.columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ");
