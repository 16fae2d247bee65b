import { test } from "node:test";
import assert from "node:assert/strict";
import { poolAbi, stakingAbi, timelockAbi } from "@dwn/contracts";
import { createWalletClient, encodeFunctionData, http, keccak256, toHex, zeroHash, type Address, type Hex } from "viem";
import { hardhat } from "viem/chains";
import { expectLocatorText, expectText, screenshot } from "../support/browser";
import { e2eSuite } from "../support/suite";
import { role } from "../support/stack";

/**
 * The production ownership on the devnet (`npm start -- --timelock`): the pool and staking belong
 * to a TimelockController whose proposer is the owner account. A change the owner queues is
 * announced on the screens it touches, with its values and its time, and leaves the screen once
 * executed.
 */

const DELAY = 3600n;

const suite = e2eSuite({ args: ["--timelock"], env: { DEVNET_TIMELOCK_DELAY: String(DELAY) } });

/** `YYYY-MM-DD hh:mm:ss` in UTC, the phones' time zone. */
function utc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** The owner account (the timelock's proposer) queues `data` on `target`; resolves with the operation's id. */
async function schedule(target: Address, data: Hex, salt: string): Promise<Hex> {
  const timelock = suite.stack.contracts.timelock!;
  const owner = createWalletClient({ account: role("owner"), chain: hardhat, transport: http(suite.stack.rpcUrl) });
  const args = [target, 0n, data, zeroHash, keccak256(toHex(salt)), DELAY] as const;
  await suite.stack.mined(owner.writeContract({ address: timelock, abi: timelockAbi, functionName: "schedule", args }));
  return suite.stack.publicClient.readContract({
    address: timelock,
    abi: timelockAbi,
    functionName: "hashOperation",
    args: [target, 0n, data, zeroHash, keccak256(toHex(salt))],
  });
}

test("a queued change is announced on the screen it touches, with its values and time, until it is executed", async () => {
  const { pool, staking } = suite.stack.contracts;
  const timelock = suite.stack.contracts.timelock;
  assert.ok(timelock, "npm start -- --timelock names the timelock in /api/config");
  assert.equal(
    await suite.stack.publicClient.readContract({ address: staking, abi: stakingAbi, functionName: "owner" }),
    timelock,
  );

  const feeData = encodeFunctionData({ abi: stakingAbi, functionName: "setFeeRates", args: [1000n, 300n] });
  await schedule(staking, feeData, "fees");
  await schedule(pool, encodeFunctionData({ abi: poolAbi, functionName: "setDwnPrice", args: [10n ** 18n] }), "price");
  await suite.stack.waitIndexed();
  const queued = await suite.stack.call("system/getUpcomingChanges", {});
  assert.deepEqual(
    queued.map((c) => [c.contract, c.setting, c.values, c.current, c.ready_at - c.scheduled_at]),
    [
      [
        "staking",
        "setFeeRates",
        { unstakeFeeRate: "1000", collectFeeRate: "300" },
        { unstakeFeeRate: "500", collectFeeRate: "300" },
        3600,
      ],
      ["pool", "setDwnPrice", { price: (10n ** 18n).toString() }, { price: (5n * 10n ** 17n).toString() }, 3600],
    ],
  );

  // The staking page names the fee change (and only it), from its value now to the new one, and from when.
  const { page } = await suite.phone();
  await page.goto(suite.stack.app("/pledge"));
  const notice = page.getByTestId("upcoming-changes");
  const change = notice.getByTestId("upcoming-change");
  await expectLocatorText(change.locator("p").first(), "质押手续费");
  await expectLocatorText(change.locator("li"), "赎回手续费: 5% → 10%");
  await expectLocatorText(change.getByTestId("upcoming-change-when"), `最早于 ${utc(queued[0].ready_at)} 生效`);
  assert.equal(await change.count(), 1);
  await screenshot(page, "pledge-upcoming-change");

  // The NFT screen names the price change.
  await page.goto(suite.stack.app("/mine"));
  await expectLocatorText(page.getByTestId("upcoming-change").locator("li"), "价格: 0.5 USDT → 1 USDT");
  assert.equal(await page.getByTestId("upcoming-change").count(), 1);

  // Before its time the change cannot run; after it anyone may execute it, and the notice goes.
  const anyone = createWalletClient({ account: role("alice"), chain: hardhat, transport: http(suite.stack.rpcUrl) });
  const execute = {
    address: timelock,
    abi: timelockAbi,
    functionName: "execute",
    args: [staking, 0n, feeData, zeroHash, keccak256(toHex("fees"))],
  } as const;
  await assert.rejects(
    suite.stack.publicClient.simulateContract({ ...execute, account: role("alice").address }),
    /TimelockUnexpectedOperationState/,
  );
  await suite.stack.increaseTime(DELAY);
  await suite.stack.mined(anyone.writeContract(execute));
  await suite.stack.waitIndexed();
  assert.deepEqual(
    (await suite.stack.call("system/getUpcomingChanges", {})).map((c) => c.setting),
    ["setDwnPrice"],
  );
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/system/getUpcomingChanges"));
  await page.goto(suite.stack.app("/pledge"));
  await page.reload();
  await answered;
  await expectText(page, "pledge-redeem-fee", "10%");
  assert.equal(await page.getByTestId("upcoming-changes").count(), 0);
});
