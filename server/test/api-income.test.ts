import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Status, type Income, type IncomePage } from "@dwn/api";
import { poolAbi } from "@dwn/contracts";
import { parseUnits, type Address, type Hash } from "viem";
import { roleIndex, startStack, type Stack } from "./support/stack";

const DAY = 86_400;
/** The pool's IncomeCredited kinds (IPool.IncomeKind) by the API's income types. */
const TYPE_OF_KIND: Record<number, Income["type"]> = { 1: "static", 2: "generation", 3: "direct", 4: "guarantee" };

let stack: Stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** Fresh accounts: P binds under carol (seed: root → alice → bob → carol), C under P, G under C. */
const P = 9;
const C = 10;
const G = 11;
const address = (index: number): Address => stack.accounts[index].address;

/** A member's income log as the pool's events tell it: credits and payouts, newest first. */
async function chainIncome(user: Address): Promise<IncomePage> {
  const { publicClient, record } = stack;
  const common = { address: record.contracts.pool, abi: poolAbi, fromBlock: 0n, toBlock: "latest" } as const;
  const credits = await publicClient.getContractEvents({ ...common, eventName: "IncomeCredited", args: { user } });
  const statics = await publicClient.getContractEvents({
    ...common,
    eventName: "StaticProfitCollected",
    args: { user },
  });
  const dynamics = await publicClient.getContractEvents({
    ...common,
    eventName: "DynamicProfitCollected",
    args: { user },
  });
  const rows: { block: bigint; index: number; row: Income }[] = [];
  const row = async (
    log: { blockNumber: bigint; logIndex: number; transactionHash: Hash },
    fields: Pick<Income, "type" | "amount" | "from_address">,
  ) =>
    rows.push({
      block: log.blockNumber,
      index: log.logIndex,
      row: {
        ...fields,
        timestamp: Number(await stack.blockTime(log.blockNumber)),
        tx_hash: log.transactionHash,
      },
    });
  let total = 0n;
  let collected = 0n;
  for (const log of [...statics, ...dynamics]) collected += log.args.amount!;
  for (const log of credits) {
    total += log.args.amount!;
    await row(log, {
      type: TYPE_OF_KIND[log.args.kind!],
      amount: log.args.amount!.toString(),
      from_address: log.args.from!.toLowerCase(),
    });
  }
  for (const log of statics)
    await row(log, { type: "collect_static", amount: log.args.amount!.toString(), from_address: null });
  for (const log of dynamics)
    await row(log, { type: "collect_dynamic", amount: log.args.amount!.toString(), from_address: null });
  rows.sort((a, b) => (a.block === b.block ? b.index - a.index : a.block > b.block ? -1 : 1));
  return { total: total.toString(), collected: collected.toString(), list: rows.map((r) => r.row) };
}

const sum = (rows: Income[], types: Income["type"][]) =>
  rows.filter((r) => types.includes(r.type)).reduce((total, r) => total + BigInt(r.amount), 0n);

describe("income list", () => {
  const tokens = new Map<number, string>();
  const token = async (index: number) => {
    if (!tokens.has(index)) tokens.set(index, await stack.signIn(index));
    return tokens.get(index)!;
  };
  const incomeOf = async (index: number, filter: Partial<Record<"type" | "start_time" | "end_time", string>> = {}) =>
    stack.data("NFT/getIncomeList", { page: "1", limit: "100", ...filter }, { token: await token(index) });
  const pool = (index: number) => stack.as(index).pool;

  it("credits the inviter a direct push on a downline purchase", async () => {
    for (const index of [P, C, G]) await stack.fund(index);
    await stack.mined(pool(P).write.setInviter([address(roleIndex("carol"))]));
    await stack.mined(pool(C).write.setInviter([address(P)]));
    await stack.mined(pool(G).write.setInviter([address(C)]));
    await stack.mined(pool(P).write.buy([2n]));
    const purchase = await stack.mined(pool(C).write.buy([1n]));
    await stack.waitIndexed();

    const page = await incomeOf(P);
    assert.deepEqual(page, await chainIncome(address(P)));
    // One row: the push from C's tier-1 purchase, priced in DWN at the pool's price.
    const [tier1] = await stack.read.pool.read.info();
    const rate = await stack.read.pool.read.directPushRate();
    const price = await stack.read.pool.read.dwnPriceUsdt();
    const push = (tier1.usdtprice * rate * 10n ** 18n) / (10_000n * price);
    assert.deepEqual(page.list, [
      {
        type: "direct",
        amount: push.toString(),
        timestamp: Number(await stack.blockTime(purchase.blockNumber)),
        tx_hash: purchase.transactionHash,
        from_address: address(C).toLowerCase(),
      },
    ]);
    assert.equal(page.total, push.toString());
    assert.equal(await stack.read.pool.read.userDynamicProfit([address(P)]), push);
    // G's inviter C was credited too; G itself has earned nothing.
    assert.deepEqual(await incomeOf(G), { total: "0", collected: "0", list: [] });
  });

  it("credits static income and generations as time passes, and lists the payout", async () => {
    await stack.travel(DAY);
    await stack.mined(pool(P).write.buy([1n]));
    await stack.mined(pool(G).write.buy([1n]));
    await stack.travel(DAY);
    const fromC = await stack.mined(pool(C).write.collectStaticProfit());
    const fromG = await stack.mined(pool(G).write.collectStaticProfit());
    const collect = await stack.mined(pool(P).write.collectStaticProfit());
    assert.equal(await stack.read.pool.read.userStaticProfit([address(P)]), 0n);
    await stack.waitIndexed();

    const page = await incomeOf(P);
    const chain = await chainIncome(address(P));
    assert.deepEqual(page, chain);

    // The newest rows are P's own settlement and its payout, in one transaction.
    const [payout, own] = page.list;
    assert.equal(payout.type, "collect_static");
    assert.equal(payout.tx_hash, collect.transactionHash);
    assert.equal(payout.from_address, null);
    assert.equal(own.type, "static");
    assert.equal(own.tx_hash, collect.transactionHash);
    assert.equal(own.from_address, address(P).toLowerCase());
    // Everything static that was credited has been paid out.
    assert.equal(sum(page.list, ["collect_static"]), sum(page.list, ["static"]));
    // Dynamic income (pushes and generations) is what the pool holds for P.
    assert.equal(sum(page.list, ["direct", "generation"]), await stack.read.pool.read.userDynamicProfit([address(P)]));

    // Generations: C is generation 1 (10%), G generation 2 (8%) of their settled static income.
    const rates = await stack.read.pool.read.dynamicRates();
    for (const [receipt, from, generation] of [
      [fromC, C, 1],
      [fromG, G, 2],
    ] as const) {
      const settled = await incomeOf(from, { type: "static" });
      const source = settled.list.find((r) => r.tx_hash === receipt.transactionHash);
      assert.ok(source, `the static credit of account #${from}`);
      const credit = page.list.find((r) => r.tx_hash === receipt.transactionHash);
      assert.deepEqual(credit, {
        type: "generation",
        amount: ((BigInt(source.amount) * BigInt(rates[generation - 1])) / 10_000n).toString(),
        timestamp: source.timestamp,
        tx_hash: receipt.transactionHash,
        from_address: address(from).toLowerCase(),
      });
    }
  });

  it("lists a guaranteed return credited by the pool owner, and the dynamic payout", async () => {
    const owner = roleIndex("owner");
    const amount = parseUnits("123.45", 18);
    const credit = await stack.mined(pool(owner).write.creditGuarantee([[address(P)], [amount]]));
    await stack.travel(DAY / 2);
    const dynamic = await stack.read.pool.read.userDynamicProfit([address(P)]);
    const dynamicPayout = await stack.mined(pool(P).write.collectDynamicProfit());
    const staticPayout = await stack.mined(pool(P).write.collectStaticProfit());
    await stack.waitIndexed();

    const page = await incomeOf(P);
    assert.deepEqual(page, await chainIncome(address(P)));
    const [payout, settled, dynamicRow] = page.list;
    const guarantee = page.list.find((r) => r.type === "guarantee");
    assert.deepEqual(guarantee, {
      type: "guarantee",
      amount: amount.toString(),
      timestamp: Number(await stack.blockTime(credit.blockNumber)),
      tx_hash: credit.transactionHash,
      from_address: address(owner).toLowerCase(),
    });
    assert.deepEqual(dynamicRow, {
      type: "collect_dynamic",
      amount: dynamic.toString(),
      timestamp: Number(await stack.blockTime(dynamicPayout.blockNumber)),
      tx_hash: dynamicPayout.transactionHash,
      from_address: null,
    });
    // The second static payout is the guarantee plus the static income settled with it.
    assert.equal(payout.tx_hash, staticPayout.transactionHash);
    assert.equal(settled.type, "static");
    assert.equal(BigInt(payout.amount), amount + BigInt(settled.amount));
    // The total is every gain, whatever has been paid out.
    assert.equal(page.total, sum(page.list, ["static", "generation", "direct", "guarantee"]).toString());
  });

  it("filters by type and time and pages, with the total unfiltered", async () => {
    const full = await chainIncome(address(P));
    assert.ok(full.list.length >= 8, `P has ${full.list.length} rows`);
    for (const type of ["static", "generation", "direct", "guarantee", "collect_static", "collect_dynamic"] as const) {
      const page = await incomeOf(P, { type });
      assert.deepEqual(
        page,
        { total: full.total, collected: full.collected, list: full.list.filter((r) => r.type === type) },
        type,
      );
      assert.ok(page.list.length > 0, `P has ${type} rows`);
    }
    // The product's income names, each one meaning everywhere (DESIGN.md §6): static income is
    // kinds 1 and 4, dynamic income everything userDynamicProfit holds (generation and direct
    // push), withdrawals both payouts. Written out here, not read from the API package.
    const groups = {
      static_income: ["static", "guarantee"],
      dynamic_income: ["generation", "direct"],
      withdrawal: ["collect_static", "collect_dynamic"],
    } as const;
    for (const [group, types] of Object.entries(groups)) {
      const page = await incomeOf(P, { type: group });
      assert.deepEqual(
        page,
        {
          total: full.total,
          collected: full.collected,
          list: full.list.filter((r) => (types as readonly string[]).includes(r.type)),
        },
        group,
      );
    }

    const times = [...new Set(full.list.map((r) => r.timestamp))].sort((a, b) => a - b);
    const [start, end] = [times[1], times[times.length - 2]];
    const within = (from?: number, to?: number) =>
      full.list.filter((r) => (from === undefined || r.timestamp >= from) && (to === undefined || r.timestamp <= to));
    assert.deepEqual(
      (await incomeOf(P, { start_time: String(start), end_time: String(end) })).list,
      within(start, end),
    );
    assert.deepEqual((await incomeOf(P, { start_time: String(end) })).list, within(end));
    assert.deepEqual((await incomeOf(P, { end_time: String(start) })).list, within(undefined, start));
    assert.deepEqual(
      (await incomeOf(P, { type: "static", start_time: String(start), end_time: String(end) })).list,
      within(start, end).filter((r) => r.type === "static"),
    );
    assert.deepEqual(await incomeOf(P, { start_time: String(times[times.length - 1] + 1) }), {
      total: full.total,
      collected: full.collected,
      list: [],
    });

    const page = async (n: number) =>
      stack.data("NFT/getIncomeList", { page: String(n), limit: "3" }, { token: await token(P) });
    const pages = [];
    for (let n = 1; n <= Math.ceil(full.list.length / 3); n++) {
      const next = await page(n);
      assert.equal(next.total, full.total);
      pages.push(...next.list);
    }
    assert.deepEqual(pages, full.list);
    assert.deepEqual((await page(Math.ceil(full.list.length / 3) + 1)).list, []);

    const refused = async (filter: Record<string, string>) =>
      (await stack.call("NFT/getIncomeList", { page: "1", limit: "10", ...filter }, { token: await token(P) })).status;
    assert.equal(await refused({ type: "bonus" }), Status.badInput);
    assert.equal(await refused({ type: "1" }), Status.badInput);
    assert.equal(await refused({ start_time: String(end), end_time: String(start) }), Status.badInput);
    assert.equal(await refused({ start_time: "yesterday" }), Status.badInput);
    assert.equal(await refused({ limit: "0" }), Status.badInput);
  });

  it("shows each ancestor its own credits from the whole downline", async () => {
    for (const index of [C, roleIndex("carol"), roleIndex("alice"), roleIndex("root")]) {
      const page = await incomeOf(index);
      assert.deepEqual(page, await chainIncome(address(index)), `account #${index}`);
      assert.ok(page.list.length > 0);
    }
    // Bob (tier 1) is too low for generations 3 and 4, where C and G sit below him.
    const bob = await incomeOf(roleIndex("bob"));
    assert.deepEqual(bob, await chainIncome(address(roleIndex("bob"))));
    const fromDownline = bob.list.filter((r) =>
      [C, G].some((i) => r.from_address === address(i).toLowerCase() && r.type === "generation"),
    );
    assert.deepEqual(fromDownline, []);
  });
});
