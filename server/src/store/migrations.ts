import type { Db, Sql } from "./db";

/**
 * The schema, as an ordered list of migrations. A migration is never edited once it has
 * shipped; a change is a new entry. Addresses are stored lower-case; amounts are NUMERIC(78,0)
 * base units (exact 256-bit integers); times are unix seconds.
 */
export const MIGRATIONS: readonly { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: "initial schema",
    sql: `
      -- The indexer's position: the last block whose events are all applied, that block's
      -- timestamp (the API's "now": chain time, which a devnet can move), and the chain head seen.
      CREATE TABLE sync_state (
        id TEXT PRIMARY KEY,
        chain_id INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        block_time BIGINT NOT NULL,
        head_block BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );

      -- Every applied log, so applying a batch twice changes nothing.
      CREATE TABLE applied_logs (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );

      -- The referral tree and each member's team figures (NFT hashrate).
      CREATE TABLE members (
        address TEXT PRIMARY KEY,
        inviter TEXT REFERENCES members (address),
        depth INTEGER NOT NULL,
        bind_time BIGINT NOT NULL,
        own_hashrate NUMERIC(78, 0) NOT NULL DEFAULT 0,
        team_hashrate NUMERIC(78, 0) NOT NULL DEFAULT 0,
        max_leg NUMERIC(78, 0) NOT NULL DEFAULT 0,
        friend_num INTEGER NOT NULL DEFAULT 0,
        community_num INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX members_by_inviter ON members (inviter, bind_time, address);

      -- Per direct leg: the hashrate of the child's whole branch (the child included).
      CREATE TABLE legs (
        member TEXT NOT NULL REFERENCES members (address),
        child TEXT NOT NULL REFERENCES members (address),
        total NUMERIC(78, 0) NOT NULL DEFAULT 0,
        PRIMARY KEY (member, child)
      );

      CREATE TABLE nfts (
        token_id NUMERIC(78, 0) PRIMARY KEY,
        owner TEXT NOT NULL,
        tier SMALLINT NOT NULL,
        hashrate NUMERIC(78, 0) NOT NULL,
        makeup_hashrate NUMERIC(78, 0) NOT NULL,
        usdtprice NUMERIC(78, 0) NOT NULL,
        dwn8price NUMERIC(78, 0) NOT NULL,
        create_time BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        tx_hash TEXT NOT NULL
      );
      CREATE INDEX nfts_by_owner ON nfts (owner, create_time DESC, token_id DESC);

      -- Income credited (kind 1 static, 2 dynamic, 3 direct push, 4 guaranteed return).
      CREATE TABLE incomes (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        address TEXT NOT NULL,
        from_address TEXT NOT NULL,
        kind SMALLINT NOT NULL,
        amount NUMERIC(78, 0) NOT NULL,
        timestamp BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX incomes_by_address ON incomes (address, timestamp DESC, tx_hash, log_index);

      -- Income paid out (kind 1 static, 2 dynamic).
      CREATE TABLE income_collections (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        address TEXT NOT NULL,
        kind SMALLINT NOT NULL,
        amount NUMERIC(78, 0) NOT NULL,
        timestamp BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX income_collections_by_address ON income_collections (address, timestamp DESC);

      -- Stakes with the terms they snapshotted.
      CREATE TABLE stakes (
        id BIGINT PRIMARY KEY,
        address TEXT NOT NULL,
        units BIGINT NOT NULL,
        principal NUMERIC(78, 0) NOT NULL,
        a8_amount NUMERIC(78, 0) NOT NULL,
        start_time BIGINT NOT NULL,
        duration BIGINT NOT NULL,
        grace_period BIGINT NOT NULL,
        reward_per_unit_per_second NUMERIC(78, 0) NOT NULL,
        redeemed_at BIGINT,
        redeem_amount NUMERIC(78, 0),
        redeem_fee NUMERIC(78, 0),
        block_number BIGINT NOT NULL,
        tx_hash TEXT NOT NULL
      );
      CREATE INDEX stakes_by_address ON stakes (address, id DESC);

      CREATE TABLE stake_claims (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        stake_id BIGINT NOT NULL REFERENCES stakes (id),
        address TEXT NOT NULL,
        amount NUMERIC(78, 0) NOT NULL,
        fee NUMERIC(78, 0) NOT NULL,
        timestamp BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX stake_claims_by_stake ON stake_claims (stake_id, timestamp DESC);

      -- Sign-in: single-use nonces and sessions (tokens are stored hashed).
      CREATE TABLE sign_in_nonces (
        nonce TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        message TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        used BOOLEAN NOT NULL DEFAULT FALSE
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_by_address ON sessions (address);

      CREATE TABLE notices (
        id SERIAL PRIMARY KEY,
        title_zh TEXT NOT NULL,
        body_zh TEXT NOT NULL,
        title_en TEXT NOT NULL,
        body_en TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: "one pending sign-in message per address",
    sql: `
      DELETE FROM sign_in_nonces;
      CREATE UNIQUE INDEX sign_in_nonces_by_address ON sign_in_nonces (address);
    `,
  },
  {
    id: 3,
    name: "room for in-place updates of team figures",
    // Each purchase rewrites the rows of every ancestor and leg above the buyer. Free space in
    // each page lets PostgreSQL update a row in its page without touching the indexes (a HOT
    // update: no indexed column changes); it applies to pages written from now on.
    sql: `
      ALTER TABLE members SET (fillfactor = 70);
      ALTER TABLE legs SET (fillfactor = 70)
    `,
  },
  {
    id: 4,
    name: "largest legs from the children's rows",
    // A member's leg through child C holds C's own plus team hashrate, which C's row already
    // has: the largest one (members.max_leg) is kept from the children's rows, and the table
    // that copied every leg, rewritten on each purchase all the way up, goes.
    sql: "DROP TABLE legs",
  },
  {
    id: 5,
    name: "integer member keys",
    // The indexer updates the rows of every ancestor of each buyer, by key: an integer costs a
    // good deal less to find than 42 characters of address. Members are numbered in the order
    // they joined (root 0); the API still reads them by address.
    sql: `
      ALTER TABLE members ADD COLUMN id INTEGER;
      UPDATE members SET id = n.id
      FROM (SELECT address, (row_number() OVER (ORDER BY depth, bind_time, address) - 1)::integer AS id FROM members) n
      WHERE members.address = n.address;
      ALTER TABLE members ALTER COLUMN id SET NOT NULL;
      CREATE UNIQUE INDEX members_by_id ON members (id)
    `,
  },
  {
    id: 6,
    name: "several pending sign-in messages per address, swept by expiry; shared rate-limit counts",
    // A challenge no longer replaces the address's pending one (which let anyone stop a chosen
    // address from signing in): each message is a row of its own, in the order issued (seq),
    // found by address at login and deleted when used. Expired messages and sessions are swept
    // by expiry, which needs an index. Rate-limit counts live here so that every API process
    // of a deployment counts against one limit: permits leased per key and per one-minute
    // window (UNLOGGED: a crash may forget the current minute's counts, nothing else).
    sql: `
      DROP TABLE sign_in_nonces;
      CREATE TABLE sign_in_nonces (
        seq BIGSERIAL PRIMARY KEY,
        address TEXT NOT NULL,
        message TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sign_in_nonces_by_address ON sign_in_nonces (address, seq);
      CREATE INDEX sign_in_nonces_by_expiry ON sign_in_nonces (expires_at);
      CREATE INDEX sessions_by_expiry ON sessions (expires_at);
      CREATE UNLOGGED TABLE rate_limits (
        key TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        leased BIGINT NOT NULL,
        PRIMARY KEY (key, window_start)
      );
      CREATE INDEX rate_limits_by_window ON rate_limits (window_start)
    `,
  },
  {
    id: 7,
    name: "what a reorg needs undone: block hashes, the block of each member and redemption, a log of reorgs",
    // The indexer keeps the hash of each block it applied logs from and of each checkpoint (the
    // last 50,000 blocks' worth), and finds a reorg by comparing them with the chain. To undo
    // the blocks after the common ancestor it deletes the rows they wrote (every event row has
    // its block) and takes their purchases and binds back out of the team figures: a member's
    // row and a stake's redemption now name their block too (NULL for those indexed before
    // this migration, which are older than any block a reorg can take back). Every reorg
    // handled is a row of indexer_reorgs (the count and the last depth are read from there).
    sql: `
      ALTER TABLE members ADD COLUMN bind_block BIGINT;
      ALTER TABLE stakes ADD COLUMN redeem_block BIGINT;
      CREATE TABLE block_hashes (
        block_number BIGINT PRIMARY KEY,
        hash TEXT NOT NULL
      );
      CREATE TABLE indexer_reorgs (
        id SERIAL PRIMARY KEY,
        from_block BIGINT NOT NULL,
        to_block BIGINT NOT NULL,
        depth BIGINT NOT NULL,
        full_rebuild BOOLEAN NOT NULL,
        handled_at BIGINT NOT NULL
      )
    `,
  },
  {
    id: 8,
    name: "owner_changes",
    // The queue of the timelock that owns the pool and staking (where there is one): every call
    // scheduled, with when it may run, and whether and when it was executed or cancelled. The
    // API serves the calls still queued as the upcoming changes users see before they apply.
    sql: `
      CREATE TABLE owner_changes (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        op_id TEXT NOT NULL,
        op_index INTEGER NOT NULL,
        target TEXT NOT NULL,
        value NUMERIC NOT NULL,
        data TEXT NOT NULL,
        predecessor TEXT NOT NULL,
        delay BIGINT NOT NULL,
        scheduled_at BIGINT NOT NULL,
        ready_at BIGINT NOT NULL,
        executed_at BIGINT,
        executed_block BIGINT,
        executed_tx TEXT,
        cancelled_at BIGINT,
        cancelled_block BIGINT,
        cancelled_tx TEXT,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX owner_changes_queued ON owner_changes (op_id) WHERE executed_block IS NULL AND cancelled_block IS NULL
    `,
  },
  {
    id: 9,
    name: "the version of the apply code that built the derived tables",
    // One row: the APPLY_VERSION (server/src/apply/version.ts) of the code that indexed the
    // tables derived from the chain. Tables indexed before this migration were built by
    // version 1. An indexer refuses tables of another version; reindex rebuilds them.
    sql: `
      CREATE TABLE apply_version (version INTEGER NOT NULL);
      INSERT INTO apply_version (version) VALUES (1)
    `,
  },
  {
    id: 10,
    name: "each pending sign-in message belongs to the requester that asked for it",
    // The session key's hash (or the client address) that asked: its login alone may use the
    // message, and the cap on pending messages is per requester. Messages pending at the
    // upgrade have no requester and go (they live 5 minutes; the user asks again).
    sql: `
      DELETE FROM sign_in_nonces;
      ALTER TABLE sign_in_nonces ADD COLUMN requester TEXT NOT NULL;
      DROP INDEX sign_in_nonces_by_address;
      CREATE INDEX sign_in_nonces_by_requester ON sign_in_nonces (requester, seq)
    `,
  },
  {
    id: 11,
    name: "redemptions and the timelock's executions and cancellations are rows of their own, read through views",
    // The tables the indexer writes from events only grow: a redemption is a row of
    // stake_redemptions, an execution or a cancellation a row of owner_change_ends (kind 1
    // executed, 2 cancelled; a cancellation has no op_index: it ends every call of its
    // operation), each with its block and log index, instead of columns filled in later. A
    // reorg's rollback then deletes each table's rows after a block, and nothing else. Readers
    // see the old shapes through stakes_view and owner_changes_view (a call is ended by the first
    // execution or cancellation of it after it was scheduled: an operation id comes back when a
    // cancelled call is scheduled again).
    //
    // The apply code that writes these rows has another version than the one that filled the
    // old columns, so an indexed database is rebuilt by reindex before its indexer goes on; until
    // then the API serves the facts moved here from the old columns. Their log indexes were not
    // kept (nor a redemption's transaction): those rows have log indexes from 1,000,000,001 up,
    // which no log has (and which sort after the call they end), and go with the rebuild.
    sql: `
      CREATE TABLE stake_redemptions (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        timestamp BIGINT NOT NULL,
        stake_id BIGINT NOT NULL REFERENCES stakes (id),
        amount NUMERIC(78, 0) NOT NULL,
        fee NUMERIC(78, 0) NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE UNIQUE INDEX stake_redemptions_by_stake ON stake_redemptions (stake_id);
      INSERT INTO stake_redemptions (tx_hash, log_index, block_number, timestamp, stake_id, amount, fee)
      SELECT '', (1000000000 + row_number() OVER (ORDER BY id))::integer, COALESCE(redeem_block, 0), redeemed_at, id,
        COALESCE(redeem_amount, 0), COALESCE(redeem_fee, 0)
      FROM stakes WHERE redeemed_at IS NOT NULL;
      ALTER TABLE stakes DROP COLUMN redeemed_at, DROP COLUMN redeem_amount, DROP COLUMN redeem_fee,
        DROP COLUMN redeem_block;
      CREATE VIEW stakes_view AS
        SELECT s.*, r.timestamp AS redeemed_at, r.amount AS redeem_amount, r.fee AS redeem_fee,
          r.block_number AS redeem_block, r.tx_hash AS redeem_tx
        FROM stakes s LEFT JOIN stake_redemptions r ON r.stake_id = s.id;

      CREATE TABLE owner_change_ends (
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        timestamp BIGINT NOT NULL,
        op_id TEXT NOT NULL,
        op_index INTEGER,
        kind SMALLINT NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX owner_change_ends_by_op ON owner_change_ends (op_id, block_number, log_index);
      INSERT INTO owner_change_ends (tx_hash, log_index, block_number, timestamp, op_id, op_index, kind)
      SELECT COALESCE(executed_tx, cancelled_tx),
        (1000000000 + row_number() OVER (ORDER BY block_number, log_index))::integer,
        COALESCE(executed_block, cancelled_block), COALESCE(executed_at, cancelled_at), op_id, op_index,
        CASE WHEN executed_block IS NOT NULL THEN 1 ELSE 2 END
      FROM owner_changes WHERE executed_block IS NOT NULL OR cancelled_block IS NOT NULL;
      ALTER TABLE owner_changes DROP COLUMN executed_at, DROP COLUMN executed_block, DROP COLUMN executed_tx,
        DROP COLUMN cancelled_at, DROP COLUMN cancelled_block, DROP COLUMN cancelled_tx;
      CREATE VIEW owner_changes_view AS
        SELECT c.*,
          CASE WHEN e.kind = 1 THEN e.timestamp END AS executed_at,
          CASE WHEN e.kind = 1 THEN e.block_number END AS executed_block,
          CASE WHEN e.kind = 1 THEN e.tx_hash END AS executed_tx,
          CASE WHEN e.kind = 2 THEN e.timestamp END AS cancelled_at,
          CASE WHEN e.kind = 2 THEN e.block_number END AS cancelled_block,
          CASE WHEN e.kind = 2 THEN e.tx_hash END AS cancelled_tx
        FROM owner_changes c LEFT JOIN LATERAL (
          SELECT x.kind, x.timestamp, x.block_number, x.tx_hash FROM owner_change_ends x
          WHERE x.op_id = c.op_id AND (x.op_index IS NULL OR x.op_index = c.op_index)
            AND (x.block_number, x.log_index) > (c.block_number, c.log_index)
          ORDER BY x.block_number, x.log_index LIMIT 1
        ) e ON TRUE
    `,
  },
  {
    id: 12,
    name: "the apply code's version is a hash",
    // The version of the apply code is derived from the table registry, the decoded events and
    // the apply stage's code (server/src/apply/version.ts), no longer a number raised by hand.
    // The version 1 recorded before is no hash: an indexed database is rebuilt by reindex.
    sql: "ALTER TABLE apply_version ALTER COLUMN version TYPE TEXT",
  },
  {
    id: 13,
    name: "a compact snapshot of the referral tree",
    // The indexer keeps the referral tree in memory (apply/tree.ts) and used to read it back at
    // each start from every member's row: seconds for a million members. Now and then it writes
    // the tree here instead, as a few large values (20 bytes of address and a 4-byte inviter key
    // per member, by key; each member's own + team hashrate as comma-separated decimals), with
    // the last block applied; a start reads the latest and replays what was written after it.
    // A rollback past its block deletes it with that block's rows. Stored uncompressed: they are
    // written and read whole, and compressing tens of megabytes costs more than it saves.
    sql: `
      CREATE TABLE tree_snapshots (
        block_number BIGINT PRIMARY KEY,
        members INTEGER NOT NULL,
        addresses BYTEA NOT NULL,
        inviters BYTEA NOT NULL,
        branches TEXT NOT NULL
      );
      ALTER TABLE tree_snapshots ALTER COLUMN addresses SET STORAGE EXTERNAL,
        ALTER COLUMN inviters SET STORAGE EXTERNAL, ALTER COLUMN branches SET STORAGE EXTERNAL
    `,
  },
  {
    id: 14,
    name: "applied logs keyed by block and log index",
    // A log's index is its place in its block, so (block, log index) names it as well as
    // (transaction, log index) did, and the indexer rolls a replaced block's rows back before
    // applying the block that replaces it. The new key grows with the chain: each batch's rows
    // go at the right end of the index, where the transaction hash put them anywhere (a descent
    // and a text comparison per level for each row: a fifth of a purchase batch's time).
    sql: `
      ALTER TABLE applied_logs DROP CONSTRAINT applied_logs_pkey;
      ALTER TABLE applied_logs ADD PRIMARY KEY (block_number, log_index)
    `,
  },
  {
    id: 15,
    name: "team figures in a narrow table of their own",
    // A purchase adds to the figures of every ancestor of its buyer (thousands of rows in a deep
    // tree), and PostgreSQL's cost per updated row grows with the row: a new version of the whole
    // row is written. The figures go to a table holding only them, keyed by the member's integer
    // key, with room in each page for the new versions (HOT updates: the key never changes); a
    // member's row is then written once, when it binds. Readers join the two by key (the friend
    // list finds a member's invitees' keys in the inviter index). No foreign key: its trigger
    // reads each updated row once more; the apply stage writes and deletes a member's two rows
    // together (apply/apply.ts, apply/undo.ts).
    sql: `
      CREATE TABLE team_figures (
        id INTEGER PRIMARY KEY,
        own_hashrate NUMERIC(78, 0) NOT NULL DEFAULT 0,
        team_hashrate NUMERIC(78, 0) NOT NULL DEFAULT 0,
        max_leg NUMERIC(78, 0) NOT NULL DEFAULT 0,
        friend_num INTEGER NOT NULL DEFAULT 0,
        community_num INTEGER NOT NULL DEFAULT 0
      ) WITH (fillfactor = 50);
      INSERT INTO team_figures (id, own_hashrate, team_hashrate, max_leg, friend_num, community_num)
      SELECT id, own_hashrate, team_hashrate, max_leg, friend_num, community_num FROM members ORDER BY id;
      ALTER TABLE members DROP COLUMN own_hashrate, DROP COLUMN team_hashrate, DROP COLUMN max_leg,
        DROP COLUMN friend_num, DROP COLUMN community_num;
      ALTER TABLE members RESET (fillfactor);
      DROP INDEX members_by_inviter;
      CREATE INDEX members_by_inviter ON members (inviter, bind_time, address) INCLUDE (id)
    `,
  },
  {
    id: 16,
    name: "each member's jump pointers and the depth of the branch below it",
    // The team explorer answers only about the caller's own descendants, and shows how deep each
    // branch goes. Each member's row now holds its jump pointers: jumps[k + 1] is the key of its
    // ancestor 2^k generations up, as far as the root (⌊log2 depth⌋ + 1 keys: 14 at depth 10,000;
    // the root's is empty), written once when it binds. "Is X in C's branch" is then X's ancestor
    // g = X.depth - C.depth generations up being C: one jump per 1 bit of g, each a row read by
    // key (queries.ts). height is the depth of the deepest member below it, less its own (0
    // without invitees): a figure each bind below the member raises, as a bind raises friend_num
    // and community_num, so it goes with them in the narrow team_figures (migration 15) rather
    // than in the member's row, which is written once. A rollback works it out again from the
    // children that stay.
    //
    // Rows indexed before this migration get both worked out from the tree, set-based and in
    // O(members × log depth): the k-th jump of every member in round k (its ancestor 2^(k-1) up's
    // (k-1)-th jump, set the round before), then the deepest member below each in rounds by
    // doubling (the deepest within 2^(k+1) generations below Y is the deepest within 2^k of Y or of
    // a member 2^k generations below Y).
    sql: `
      ALTER TABLE members ADD COLUMN jumps INTEGER[] NOT NULL DEFAULT '{}';
      ALTER TABLE team_figures ADD COLUMN height INTEGER NOT NULL DEFAULT 0;
      UPDATE members m SET jumps = ARRAY[p.id] FROM members p WHERE p.address = m.inviter;
      ${Array.from(
        { length: 30 },
        (_, i) =>
          `UPDATE members m SET jumps = m.jumps || a.jumps[${i + 1}] FROM members a
           WHERE cardinality(m.jumps) = ${i + 1} AND a.id = m.jumps[${i + 1}] AND cardinality(a.jumps) >= ${i + 1}`,
      ).join(";\n")};
      CREATE TEMP TABLE reach ON COMMIT DROP AS SELECT id, depth, depth AS deepest, jumps FROM members;
      ${Array.from(
        { length: 31 },
        (_, k) =>
          `UPDATE reach r SET deepest = x.deepest
           FROM (SELECT z.jumps[${k + 1}] AS id, max(z.deepest) AS deepest FROM reach z
                 WHERE cardinality(z.jumps) > ${k} GROUP BY 1) x
           WHERE r.id = x.id AND x.deepest > r.deepest`,
      ).join(";\n")};
      UPDATE team_figures g SET height = r.deepest - r.depth FROM reach r WHERE g.id = r.id AND r.deepest > r.depth
    `,
  },
  {
    id: 17,
    name: "purchases, stakes and binds by block",
    // Each API process reads what a batch of blocks wrote when the indexer applies it, for its
    // event streams (serve/events.ts): the batch's income, collection, claim and redemption rows
    // through the logs applied in those blocks (applied_logs' key and theirs), and its purchases,
    // stakes and binds by these indexes. Each grows at its right end, as the chain does.
    sql: `
      CREATE INDEX nfts_by_block ON nfts (block_number);
      CREATE INDEX stakes_by_block ON stakes (block_number);
      CREATE INDEX members_by_bind_block ON members (bind_block)
    `,
  },
  {
    id: 18,
    name: "the legs of members with many invitees, by size",
    // The team explorer's "largest legs first" sorted every invitee of a member by its branch
    // total on each call: a figures row read per invitee (800 for the benchmark's leader). For
    // members with at least 32 invitees (LEGS_FROM in apply/team.ts) each invitee now also has a
    // row here, its branch total kept up to date by the apply stage, indexed by inviter in the
    // order the explorer shows: a page is an index range. Smaller inviters are sorted as before,
    // and their invitees have no row, so a purchase deep in a chain writes none. The branch
    // total is indexed, so a change to it is not a HOT update: the rows are kept only where the
    // sort costs most. Rows indexed before this migration are written here.
    sql: `
      CREATE TABLE ranked_legs (
        id INTEGER PRIMARY KEY,
        inviter TEXT NOT NULL,
        bind_time BIGINT NOT NULL,
        address TEXT NOT NULL,
        branch NUMERIC(78, 0) NOT NULL
      );
      CREATE INDEX ranked_legs_by_size ON ranked_legs (inviter, branch DESC, bind_time, address);
      INSERT INTO ranked_legs (id, inviter, bind_time, address, branch)
      SELECT m.id, m.inviter, m.bind_time, m.address, f.own_hashrate + f.team_hashrate
      FROM members m JOIN team_figures f ON f.id = m.id
      WHERE m.inviter IN (SELECT inviter FROM members WHERE inviter IS NOT NULL GROUP BY inviter HAVING count(*) >= 32)
    `,
  },
];

/**
 * Applies every migration the database has not seen, each in its own transaction; up to
 * migration `last` when given (a test's way to make a database as an older release left it).
 */
/**
 * Brings the schema up to date. Any number of processes may start together on one database:
 * each step runs in a transaction that first takes an advisory lock (one per schema), then
 * checks again whether another process did the step meanwhile.
 */
export async function migrate(db: Db, last = Infinity): Promise<void> {
  const locked = <T>(work: (tx: Sql) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK}, hashtext(current_schema()))`);
      return work(tx);
    });
  await locked((tx) =>
    tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    ),
  );
  const done = new Set((await db.query<{ id: number }>("SELECT id FROM schema_migrations")).map((r) => Number(r.id)));
  for (const m of MIGRATIONS) {
    if (done.has(m.id) || m.id > last) continue;
    await locked(async (tx) => {
      const applied = await tx.query("SELECT 1 FROM schema_migrations WHERE id = $1", [m.id]);
      if (applied.length > 0) return;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)", [
        m.id,
        m.name,
        Math.floor(Date.now() / 1000),
      ]);
    });
  }
}

/** The advisory lock's first key: the migrations' own (the second is the schema's hash). Two-key
 * locks never meet the indexer's one-key election lock, and the key differs anyway. */
const MIGRATION_LOCK = 0x64776d; // "dwm"

/** Splits a migration into statements (extended-protocol queries take one statement each). */
function splitStatements(sql: string): string[] {
  return sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
