import { test } from "node:test";
import assert from "node:assert/strict";
import { createApplier, decodeLogs } from "../src/apply/apply";
import { friends, nfts, stakes } from "../src/store/queries";
import { openTestDb } from "./support/db";
import { createLogFactory, memberAddress } from "./support/synthetic";

// Lists select numbers as text for exactness; they must still sort as numbers ("10" after "9").
test("lists sort by number, not by the text they return", async () => {
  const { db, drop } = await openTestDb();
  try {
    const make = createLogFactory();
    const owner = memberAddress(0);
    const logs = [...Array.from({ length: 12 }, (_, i) => make.bind(memberAddress(i + 1), owner))];
    make.nextBlock();
    logs.push(...Array.from({ length: 12 }, () => make.purchase(owner, 1n, 10n ** 18n)));
    await createApplier(db).apply(decodeLogs(logs).map((log) => ({ log, time: 1_000n + log.blockNumber })));
    const tokens = (await nfts(db, owner.toLowerCase(), 0, 100)).map((n) => Number(n.token_id));
    assert.deepEqual(tokens, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

    for (let id = 1; id <= 12; id++) {
      await db.query(
        `INSERT INTO stakes (id, address, units, principal, a8_amount, start_time, duration, grace_period,
           reward_per_unit_per_second, block_number, tx_hash) VALUES ($1, 'u', 1, 1, 1, 0, 86400, 3600, 1, 1, '0x')`,
        [id],
      );
    }
    const ids = (await stakes(db, "u", 10, undefined, 0, 100)).map((s) => Number(s.id));
    assert.deepEqual(ids, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

    await db.query("INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ('t', $1, 0, 100)", [
      owner.toLowerCase(),
    ]);
    const invited = (await friends(db, ["t", 10], 0, 100))!;
    assert.equal(invited.length, 12);
    assert.deepEqual(
      invited.map((f) => f.address),
      Array.from({ length: 12 }, (_, i) => memberAddress(i + 1).toLowerCase()),
    );
  } finally {
    await drop();
  }
});
