import { test } from "node:test";
import assert from "node:assert/strict";
import { parseEther } from "viem";
import { startDevnet } from "./support/devnet";

// The server passes run under scripts/with-devnet.mjs: one devnet for the pass, which every test
// file borrows and gives back as it found it. This checks that a file's changes to the chain do
// not reach the next file.
test(
  "a borrowed devnet comes back as the seeded chain: blocks, clock, balances and automine",
  { skip: process.env.TEST_DEVNET ? false : "runs under scripts/with-devnet.mjs" },
  async () => {
    const sharedUrl = process.env.TEST_DEVNET?.split(" ")[0];
    const first = await startDevnet();
    assert.equal(first.rpcUrl, sharedUrl, "the first caller borrows the pass's devnet");
    const someone = first.record.treasury;
    const [head, block, balance] = [
      await first.publicClient.getBlockNumber({ cacheTime: 0 }),
      await first.publicClient.getBlock(),
      await first.publicClient.getBalance({ address: someone }),
    ];

    await first.testClient.increaseTime({ seconds: 90 * 86_400 });
    await first.testClient.mine({ blocks: 5 });
    await first.testClient.setBalance({ address: someone, value: parseEther("1") });
    await first.testClient.setAutomine(false);
    await first.stop();

    const again = await startDevnet();
    try {
      assert.equal(again.rpcUrl, sharedUrl, "given back, it is borrowed again");
      assert.equal(await again.publicClient.getBlockNumber({ cacheTime: 0 }), head);
      assert.equal(await again.publicClient.getBalance({ address: someone }), balance);
      assert.equal(await again.testClient.getAutomine(), true);
      await again.testClient.mine({ blocks: 1 });
      const next = await again.publicClient.getBlock();
      // The 90 days are gone: the next block follows the seeded one by minutes, not months.
      assert.ok(
        next.timestamp - block.timestamp < 3_600n,
        `the clock came back (${next.timestamp - block.timestamp} s later)`,
      );
    } finally {
      await again.stop();
    }
  },
);

test(
  "while the shared devnet is held, another caller gets a devnet of its own",
  { skip: process.env.TEST_DEVNET ? false : "runs under scripts/with-devnet.mjs" },
  async () => {
    const held = await startDevnet();
    try {
      const own = await startDevnet();
      try {
        assert.notEqual(own.rpcUrl, held.rpcUrl);
        assert.equal(await own.publicClient.getChainId(), await held.publicClient.getChainId());
        assert.deepEqual(own.record.contracts, held.record.contracts);
      } finally {
        await own.stop();
      }
    } finally {
      await held.stop();
    }
  },
);
