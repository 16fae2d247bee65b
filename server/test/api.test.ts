import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Status, type Friend, type Nft, type SystemStatus, type TeamInfo } from "@dwn/api";
import { poolAbi } from "@dwn/contracts";
import { getAddress, parseUnits, type Address } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { readServedNotices } from "../src/serve/figures";
import { addNotice, editNotice } from "../src/store/queries";
import { roleIndex, startStack, type Stack } from "./support/stack";

/** Level thresholds (whole tokens of small performance) low enough for the tree below to climb. */
const LEVELS = [100n, 500n, 1000n, 2000n, 5000n];
const WAD = 10n ** 18n;
const DAY = 86_400;

let stack: Stack;

before(async () => {
  stack = await startStack({ levelThresholds: LEVELS.join(",") });
});

after(async () => {
  await stack?.stop();
});

describe("runtime config and indexer status", () => {
  it("GET /api/config names the chain, the deployed contracts and the API's public key", async () => {
    const response = await fetch(`${stack.url}/api/config`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    const body = (await response.json()) as {
      chain: { id: number; name: string; rpcUrl: string; currency: object; explorer: string | null };
      contracts: Record<string, string>;
      publicKey: string;
    };

    assert.equal(body.chain.id, await stack.publicClient.getChainId());
    assert.equal(body.chain.name, "DWN Devnet");
    assert.equal(body.chain.rpcUrl, stack.devnet.rpcUrl);
    assert.deepEqual(body.chain.currency, { name: "BNB", symbol: "BNB", decimals: 18 });
    assert.equal(body.chain.explorer, null);

    assert.deepEqual(body.contracts, stack.record.contracts);
    for (const address of Object.values(body.contracts)) {
      const code = await stack.publicClient.getCode({ address: address as Address });
      assert.ok(code && code.length > 2, `${address} holds a contract`);
    }
    assert.equal(await stack.read.pool.read.root(), stack.record.root);

    // The published key is the public half of the key pair the server keeps in its data folder.
    const pem = readFileSync(path.join(stack.config.dataDir, "api-key.pem"), "utf8");
    const expected = createPublicKey(createPrivateKey(pem)).export({ type: "spki", format: "der" }).toString("base64");
    assert.equal(body.publicKey, expected);
    const key = createPublicKey({ key: Buffer.from(body.publicKey, "base64"), format: "der", type: "spki" });
    assert.equal(key.asymmetricKeyType, "rsa");
    assert.equal(key.asymmetricKeyDetails?.modulusLength, 2048);
  });

  it("api/system/status reports the checkpoint, and catches up with the chain head", async () => {
    const status = async () => {
      const response = await fetch(`${stack.url}/api/system/status`);
      assert.equal(response.status, 200);
      return (await response.json()) as {
        status: number;
        msg: string;
        data: SystemStatus;
      };
    };
    const indexed = await stack.waitIndexed();
    const before = await status();
    assert.equal(before.status, Status.ok);
    const { lastPollAt, ...figures } = before.data;
    assert.deepEqual(figures, {
      chainId: await stack.publicClient.getChainId(),
      headBlock: Number(indexed.number),
      indexedBlock: Number(indexed.number),
      reorgs: 0,
      lastReorgDepth: null,
      // Read from the RPC, not from the indexer's row: the devnet's finalized block is its head.
      finalizedBlock: Number(indexed.number),
      lag: 0,
    });
    assert.ok(lastPollAt !== null && Math.abs(lastPollAt - Date.now() / 1000) < 60, `lastPollAt ${lastPollAt}`);

    await stack.testClient.mine({ blocks: 3 });
    // Nothing indexed the new blocks yet: the status is the checkpoint, not the live head.
    assert.equal((await status()).data.indexedBlock, Number(indexed.number));

    const caughtUp = await stack.waitIndexed();
    assert.equal(caughtUp.number, indexed.number + 3n);
    const after = await status();
    assert.equal(after.data.indexedBlock, Number(caughtUp.number));
    assert.equal(after.data.headBlock, Number(caughtUp.number));
  });
});

describe("sign-in and access", () => {
  it("hands out an EIP-4361 message for the address, the chain and the site", async () => {
    const alice = stack.accounts[roleIndex("alice")];
    const message = await stack.data("user/get_address_random", { address: alice.address.toLowerCase() });
    const fields = parseSiweMessage(message);
    const origin = new URL(stack.config.publicOrigin);
    assert.equal(fields.address, alice.address);
    assert.equal(fields.chainId, 31337);
    assert.equal(fields.domain, origin.host);
    assert.equal(fields.uri, origin.origin);
    assert.ok(fields.nonce && fields.nonce.length >= 8);
    assert.ok(fields.issuedAt && fields.expirationTime);
    assert.equal(fields.expirationTime.getTime() - fields.issuedAt.getTime(), 5 * 60 * 1000);
  });

  it("logs in with the account's signature, once per message, and only bound accounts", async () => {
    const index = roleIndex("bob");
    const bob = stack.accounts[index];
    const message = await stack.data("user/get_address_random", { address: bob.address });

    const forged = await stack.accounts[roleIndex("carol")].signMessage({ message });
    assert.equal((await stack.call("user/login", { address: bob.address, signs: forged })).status, Status.badInput);

    const signs = await bob.signMessage({ message });
    const { access_token } = await stack.data("user/login", { address: bob.address, signs });
    assert.ok(access_token.length >= 32);
    assert.equal((await stack.call("user/login", { address: bob.address, signs })).status, Status.badInput);
    const team = await stack.call("user/getMemberTeamInfo", {}, { token: access_token });
    assert.equal(team.status, Status.ok);

    // Account #19 never binds: it may ask for a message but cannot sign in.
    const stranger = stack.accounts[19];
    assert.equal(await stack.read.pool.read.validUser([stranger.address]), false);
    const strangerMessage = await stack.data("user/get_address_random", { address: stranger.address });
    const refused = await stack.call("user/login", {
      address: stranger.address,
      signs: await stranger.signMessage({ message: strangerMessage }),
    });
    assert.equal(refused.status, Status.businessRule);
    assert.equal(refused.data, null);
  });

  it("answers 401 to every member call without a token or with a bogus one", async () => {
    const calls = [
      (token?: string) => stack.call("user/getMemberTeamInfo", {}, { token }),
      (token?: string) => stack.call("user/getFriendList", { page: "1", limit: "10" }, { token }),
      (token?: string) => stack.call("NFT/getNFTList", { page: "1", limit: "10" }, { token }),
      (token?: string) => stack.call("NFT/getIncomeList", { page: "1", limit: "10" }, { token }),
      (token?: string) => stack.call("stake/getStakeList", { page: "1", rows: "999", status: "" }, { token }),
      (token?: string) => stack.call("stake/getStakeById", { id: "1", page: "1", limit: "10" }, { token }),
    ];
    for (const call of calls) {
      for (const token of [undefined, "bogus-token", "A".repeat(43)]) {
        const reply = await call(token);
        assert.equal(reply.status, Status.notSignedIn);
        assert.equal(reply.data, null);
        assert.ok(reply.msg.length > 0);
      }
    }
  });

  it("refuses a member call that is not enveloped", async () => {
    const response = await fetch(`${stack.url}/api/user/getMemberTeamInfo`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "lang=en-us",
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { status: number; data: unknown };
    assert.equal(body.status, Status.badInput);
    assert.equal(body.data, null);
  });
});

/** The referral tree and hashrates as the chain holds them, and the team figures they imply. */
async function chainTeam() {
  const { publicClient, read, record } = stack;
  const binds = await publicClient.getContractEvents({
    address: record.contracts.pool,
    abi: poolAbi,
    eventName: "InviterBound",
    fromBlock: 0n,
    toBlock: "latest",
  });
  const children = new Map<string, string[]>();
  const bindTime = new Map<string, number>();
  const members = new Set<string>();
  // Logs come in chain order: each member's children, earliest first.
  for (const log of binds) {
    const user = log.args.user!.toLowerCase();
    const inviter = log.args.inviter!.toLowerCase();
    assert.equal((await read.pool.read.inviters([getAddress(user)])).toLowerCase(), inviter);
    children.set(inviter, [...(children.get(inviter) ?? []), user]);
    bindTime.set(user, Number(await stack.blockTime(log.blockNumber)));
    members.add(user).add(inviter);
  }
  const own = new Map<string, bigint>();
  for (const member of members) own.set(member, await read.pool.read.userHashrate([getAddress(member)]));

  function branch(member: string): { total: bigint; count: number } {
    let total = own.get(member) ?? 0n;
    let count = 1;
    for (const child of children.get(member) ?? []) {
      const sub = branch(child);
      total += sub.total;
      count += sub.count;
    }
    return { total, count };
  }
  function figures(address: string) {
    const member = address.toLowerCase();
    const legs = (children.get(member) ?? []).map(branch);
    const team = legs.reduce((sum, leg) => sum + leg.total, 0n);
    const largest = legs.reduce((max, leg) => (leg.total > max ? leg.total : max), 0n);
    const small = team - largest;
    return {
      own: own.get(member) ?? 0n,
      team,
      small,
      friends: children.get(member) ?? [],
      community: legs.reduce((sum, leg) => sum + leg.count, 0),
      level: LEVELS.filter((t) => small >= t * WAD).length,
    };
  }
  function teamInfo(address: string): TeamInfo {
    const f = figures(address);
    return {
      performance: f.team.toString(),
      all_performance: (f.team + f.own).toString(),
      small_performance: f.small.toString(),
      all_small_performance: (f.small + f.own).toString(),
      friend_num: f.friends.length,
      community_num: f.community,
      level: f.level,
    };
  }
  function friendList(address: string): Friend[] {
    return figures(address).friends.map((friend) => {
      const f = figures(friend);
      return {
        address: friend,
        create_time: bindTime.get(friend)!,
        team_performance: (f.own + f.team).toString(),
        community_num: f.community,
        level: f.level,
      };
    });
  }
  return { figures, teamInfo, friendList };
}

/** The account's NFTs from its purchase events, newest first. */
async function chainNfts(index: number): Promise<Nft[]> {
  const user = stack.accounts[index].address;
  const logs = await stack.publicClient.getContractEvents({
    address: stack.record.contracts.pool,
    abi: poolAbi,
    eventName: "NftPurchased",
    args: { user },
    fromBlock: 0n,
    toBlock: "latest",
  });
  const nfts: Nft[] = [];
  for (const log of logs) {
    const a = log.args;
    nfts.push({
      token_id: a.tokenId!.toString(),
      tier: Number(a.tierId),
      hashrate: a.hashrate!.toString(),
      makeup_hashrate: a.makeupHashrate!.toString(),
      usdtprice: a.payusdt!.toString(),
      create_time: Number(await stack.blockTime(log.blockNumber)),
      tx_hash: log.transactionHash,
    });
  }
  return nfts.reverse();
}

describe("team figures and the friend list", () => {
  // Fresh accounts under dave (seed: alice → dave): leader L with legs A (three levels), B and C.
  const L = 9;
  const A1 = 10;
  const A2 = 11;
  const A3 = 12;
  const B1 = 13;
  const B2 = 14;
  const C1 = 15;
  const A1b = 16;
  const C2 = 17;
  const tokens = new Map<number, string>();
  const token = async (index: number) => {
    if (!tokens.has(index)) tokens.set(index, await stack.signIn(index));
    return tokens.get(index)!;
  };
  const bind = async (user: number, inviter: number) =>
    stack.mined(stack.as(user).pool.write.setInviter([stack.accounts[inviter].address]));
  const buy = async (user: number, tier: bigint) => stack.mined(stack.as(user).pool.write.buy([tier]));

  /** Every checked member's team info and friend list equal what the chain implies. */
  async function checkTeams(members: number[]) {
    await stack.waitIndexed();
    const chain = await chainTeam();
    for (const index of members) {
      const address = stack.accounts[index].address;
      const info = await stack.data("user/getMemberTeamInfo", {}, { token: await token(index) });
      assert.deepEqual(info, chain.teamInfo(address), `team info of account #${index}`);
      const friends = await stack.data(
        "user/getFriendList",
        { page: "1", limit: "100" },
        { token: await token(index) },
      );
      assert.deepEqual(friends, chain.friendList(address), `friends of account #${index}`);
    }
    return chain;
  }

  it("builds a tree of several legs and levels from fresh accounts", async () => {
    for (const index of [L, A1, A2, A3, B1, B2, C1, A1b, C2]) await stack.fund(index);
    await bind(L, roleIndex("dave"));
    await bind(A1, L);
    await bind(A2, A1);
    await bind(A3, A2);
    await bind(B1, L);
    await bind(B2, B1);
    await bind(C1, L);
    await bind(A1b, A1);
    await buy(L, 1n);
    await buy(A1, 2n);
    await buy(A2, 1n);
    await buy(A3, 3n);
    await buy(B1, 1n);

    const chain = await checkTeams([L, A1, A2, B1, roleIndex("dave"), roleIndex("alice"), roleIndex("root")]);
    // The tree is what the test meant to build: L has three legs, A the largest, levels > 0.
    const l = chain.figures(stack.accounts[L].address);
    assert.equal(l.friends.length, 3);
    assert.equal(l.community, 7);
    assert.equal(l.team, parseUnits(String(800 + 150 + 1800 + 150), 18));
    assert.equal(l.small, parseUnits("150", 18));
    assert.equal(l.level, 1);
    assert.equal(chain.figures(stack.accounts[C1].address).team, 0n);
  });

  it("follows later purchases, including makeup hashrate, through every ancestor", async () => {
    // Two days after buying opened, purchases earn makeup (compensation) hashrate.
    await stack.travel(2 * DAY + 60);
    await bind(C2, C1);
    await buy(B2, 4n);
    await buy(B2, 1n);
    await buy(C1, 2n);
    await buy(C2, 1n);
    await buy(A1b, 1n);
    await buy(A3, 1n);
    await buy(B2, 1n);

    const chain = await checkTeams([L, A1, A2, B1, C1, roleIndex("dave"), roleIndex("alice"), roleIndex("root")]);
    const l = chain.figures(stack.accounts[L].address);
    // Leg B (tier 4 with makeup) is now the largest: small performance is legs A and C.
    assert.equal(l.level, 4);
    const nfts = await chainNfts(B2);
    assert.ok(nfts.every((n) => BigInt(n.makeup_hashrate) > 0n));
  });

  it("pages the friend list in bind order", async () => {
    const chain = await chainTeam();
    const all = chain.friendList(stack.accounts[L].address);
    assert.deepEqual(
      all.map((f) => f.address),
      [A1, B1, C1].map((i) => stack.accounts[i].address.toLowerCase()),
    );
    const page = (n: number) =>
      stack.data("user/getFriendList", { page: String(n), limit: "2" }, { token: tokens.get(L) });
    assert.deepEqual(await page(1), all.slice(0, 2));
    assert.deepEqual(await page(2), all.slice(2));
    assert.deepEqual(await page(3), []);
    // A member without invitees has an empty list and zero figures.
    const lonely = await stack.data("user/getMemberTeamInfo", {}, { token: await token(C2) });
    assert.equal(lonely.friend_num, 0);
    assert.equal(lonely.community_num, 0);
    assert.equal(lonely.performance, "0");
    assert.equal(
      lonely.all_performance,
      (await stack.read.pool.read.userHashrate([stack.accounts[C2].address])).toString(),
    );
    const bad = await stack.call("user/getFriendList", { page: "0", limit: "2" }, { token: tokens.get(L) });
    assert.equal(bad.status, Status.badInput);
    const tooMany = await stack.call("user/getFriendList", { page: "1", limit: "101" }, { token: tokens.get(L) });
    assert.equal(tooMany.status, Status.badInput);
  });
});

describe("NFT list", () => {
  const B2 = 14;

  it("lists the member's NFTs newest first, field by field, and pages them", async () => {
    await stack.waitIndexed();
    const token = await stack.signIn(B2);
    const expected = await chainNfts(B2);
    assert.equal(expected.length, 3);
    const list = await stack.data("NFT/getNFTList", { page: "1", limit: "100" }, { token });
    assert.deepEqual(list, expected);

    // The chain agrees about each NFT: owner, tier, price and hashrate of its tier.
    const tiers = await stack.read.pool.read.info();
    let total = 0n;
    for (const nft of list) {
      const id = BigInt(nft.token_id);
      assert.equal(await stack.read.pool.read.ownerOf([id]), stack.accounts[B2].address);
      assert.equal(await stack.read.pool.read.tierOf([id]), BigInt(nft.tier));
      const tier = tiers[nft.tier - 1];
      assert.equal(nft.usdtprice, tier.usdtprice.toString());
      assert.equal(nft.hashrate, ((tier.usdtprice * tier.multiple) / 10_000n).toString());
      total += BigInt(nft.hashrate) + BigInt(nft.makeup_hashrate);
    }
    assert.equal(total, await stack.read.pool.read.userHashrate([stack.accounts[B2].address]));

    const page = (n: number) => stack.data("NFT/getNFTList", { page: String(n), limit: "2" }, { token });
    assert.deepEqual(await page(1), expected.slice(0, 2));
    assert.deepEqual(await page(2), expected.slice(2));
    assert.deepEqual(await page(3), []);
  });

  it("shows a member without NFTs an empty list, and the root its seed NFT", async () => {
    const dave = await stack.signIn(roleIndex("dave"));
    assert.deepEqual(await stack.data("NFT/getNFTList", { page: "1", limit: "10" }, { token: dave }), []);
    const root = await stack.signIn(roleIndex("root"));
    assert.deepEqual(
      await stack.data("NFT/getNFTList", { page: "1", limit: "10" }, { token: root }),
      await chainNfts(roleIndex("root")),
    );
  });
});

describe("announcements", () => {
  const notices = [
    { title_zh: "系统维护", body_zh: "今晚维护两小时。", title_en: "Maintenance", body_en: "Two hours tonight." },
    { title_zh: "新功能", body_zh: "质押已开放。", title_en: "New feature", body_en: "Staking is open." },
    { title_zh: "活动", body_zh: "邀请有奖。", title_en: "Campaign", body_en: "Invite and earn." },
  ];
  const ids: number[] = [];

  it("lists announcements newest first in the request's language, and pages them", async () => {
    ids.push(await addNotice(stack.db, notices[0], 1_700_000_000));
    ids.push(await addNotice(stack.db, notices[1], 1_700_000_100));
    ids.push(await addNotice(stack.db, notices[2], 1_700_000_100));
    const view = (i: number, english: boolean, created: number, updated = created) => ({
      id: ids[i],
      title: english ? notices[i].title_en : notices[i].title_zh,
      body: english ? notices[i].body_en : notices[i].body_zh,
      create_time: created,
      update_time: updated,
    });
    // Equal times: the later announcement first.
    const en = [view(2, true, 1_700_000_100), view(1, true, 1_700_000_100), view(0, true, 1_700_000_000)];
    const zh = [view(2, false, 1_700_000_100), view(1, false, 1_700_000_100), view(0, false, 1_700_000_000)];
    assert.deepEqual(await stack.data("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }), en);
    assert.deepEqual(await stack.data("notice/getList", { page: "1", limit: "10" }, { lang: "zh-cn" }), zh);
    assert.deepEqual(await stack.data("notice/getList", { page: "1", limit: "2" }, { lang: "en-us" }), en.slice(0, 2));
    assert.deepEqual(await stack.data("notice/getList", { page: "2", limit: "2" }, { lang: "en-us" }), en.slice(2));
    assert.deepEqual(await stack.data("notice/getList", { page: "3", limit: "2" }, { lang: "en-us" }), []);
    // What the page carries for /announcement's first rows: the same first page, without bodies.
    const listed = (list: typeof en) =>
      list.map(({ id, title, create_time, update_time }) => ({ id, title, create_time, update_time }));
    assert.deepEqual(await readServedNotices(stack.db), { "zh-cn": listed(zh), "en-us": listed(en) });

    // Announcements are public: a plain request without session key or token gets plain JSON.
    const response = await fetch(`${stack.url}/api/notice/getList`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "page=1&limit=10&lang=zh-cn",
    });
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(await response.json(), { status: Status.ok, msg: "成功", data: zh });
  });

  it("shows one announcement in either language, edited or not, and refuses an unknown id", async () => {
    const detail = (id: number, lang: "en-us" | "zh-cn") =>
      stack.call("notice/getDetail", { id: String(id) }, { lang });
    assert.deepEqual((await detail(ids[1], "zh-cn")).data, {
      id: ids[1],
      title: notices[1].title_zh,
      body: notices[1].body_zh,
      create_time: 1_700_000_100,
      update_time: 1_700_000_100,
    });
    assert.equal(await editNotice(stack.db, ids[1], { title_en: "New feature: staking" }, 1_700_000_500), true);
    assert.deepEqual((await detail(ids[1], "en-us")).data, {
      id: ids[1],
      title: "New feature: staking",
      body: notices[1].body_en,
      create_time: 1_700_000_100,
      update_time: 1_700_000_500,
    });
    assert.equal((await detail(ids[1], "zh-cn")).data.title, notices[1].title_zh);

    const missing = await detail(Math.max(...ids) + 1, "en-us");
    assert.equal(missing.status, Status.businessRule);
    assert.equal(missing.data, null);
    assert.equal((await stack.call("notice/getDetail", { id: "x" })).status, Status.badInput);
  });
});
