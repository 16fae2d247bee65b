import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createApiClient, Status, type ApiClient } from "@dwn/api";
import { poolAbi } from "@dwn/contracts";
import { createPublicClient, custom, encodeFunctionResult, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSignIn, SESSION_SECONDS } from "../src/serve/signin";
import { sweep } from "../src/serve/sweep";
import type { Db } from "../src/store/db";
import { fetchConfig, placeholderContracts, startApi, type ApiServer } from "./support/api";
import { openTestDb } from "./support/db";

/**
 * Sessions that end: `user/logout` revokes the token sent (and only it); a new login leaves
 * the address's other sessions alone. No chain: a stand-in RPC answers `validUser` with true.
 */

const POOL: Address = "0x00000000000000000000000000000000000000aa";
const NOT_SIGNED_IN = { status: 401, msg: "Please connect your wallet and sign in again", data: null };
const NOT_SIGNED_IN_ZH = { status: 401, msg: "请连接钱包并重新登录", data: null };

describe("sessions", () => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: ApiServer;
  let publicKey: string;
  let clock: number | undefined;

  before(async () => {
    ({ db, drop } = await openTestDb());
    const client = createPublicClient({
      transport: custom(
        {
          async request({ method }: { method: string }) {
            if (method === "eth_call")
              return encodeFunctionResult({ abi: poolAbi, functionName: "validUser", result: true });
            throw new Error(`The stand-in chain does not answer ${method}.`);
          },
        },
        { retryCount: 0 },
      ),
    });
    const signIn = createSignIn({
      db,
      client,
      pool: POOL,
      chainId: 31337,
      origin: "https://dwn.example",
      now: () => clock ?? Math.floor(Date.now() / 1000),
    });
    server = await startApi({ db, signIn, contracts: placeholderContracts(POOL) });
    publicKey = (await fetchConfig(server.origin)).publicKey;
  });
  after(async () => {
    await server?.close();
    await drop?.();
  });

  /** A device: a page load of the web app, with its own session key. */
  const device = () => createApiClient({ origin: server.origin, publicKey });

  async function signIn(api: ApiClient, account: PrivateKeyAccount): Promise<string> {
    const message = await api.call("user/get_address_random", { address: account.address }, { lang: "en-us" });
    assert.equal(message.status, Status.ok, message.msg);
    const signs = await account.signMessage({ message: message.data });
    const login = await api.call("user/login", { address: account.address, signs }, { lang: "en-us" });
    assert.equal(login.status, Status.ok, login.msg);
    return login.data.access_token;
  }

  const team = (api: ApiClient, token: string, lang: "en-us" | "zh-cn" = "en-us") =>
    api.call("user/getMemberTeamInfo", {}, { lang, token });

  test("logout ends that token's session only: 401 for it, 200 for another device of the same address", async () => {
    const alice = privateKeyToAccount(generatePrivateKey());
    const phone = device();
    const laptop = device();
    const phoneToken = await signIn(phone, alice);
    // A second login (another device) keeps the first one's session.
    const laptopToken = await signIn(laptop, alice);
    assert.notEqual(phoneToken, laptopToken);
    assert.equal((await team(phone, phoneToken)).status, Status.ok);
    assert.equal((await team(laptop, laptopToken)).status, Status.ok);

    assert.deepEqual(await phone.call("user/logout", {}, { lang: "en-us", token: phoneToken }), {
      status: Status.ok,
      msg: "Success",
      data: null,
    });
    assert.deepEqual(await team(phone, phoneToken), NOT_SIGNED_IN);
    assert.deepEqual(await team(laptop, phoneToken, "zh-cn"), NOT_SIGNED_IN_ZH);
    assert.deepEqual(
      await phone.call("user/getFriendList", { page: "1", limit: "10" }, { lang: "en-us", token: phoneToken }),
      NOT_SIGNED_IN,
    );
    assert.equal((await team(laptop, laptopToken)).status, Status.ok);

    // The ended session's row is gone; the other one is kept, by its hash only.
    const rows = await db.query<{ token_hash: string }>("SELECT token_hash FROM sessions WHERE address = $1", [
      alice.address.toLowerCase(),
    ]);
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    assert.deepEqual(
      rows.map((r) => r.token_hash),
      [hash(laptopToken)],
    );
  });

  test("logout with a token that is no live session answers 401 and ends nothing", async () => {
    const bob = privateKeyToAccount(generatePrivateKey());
    const api = device();
    const token = await signIn(api, bob);
    assert.equal((await api.call("user/logout", {}, { lang: "en-us", token })).status, Status.ok);
    // Twice: the caller is signed out either way, and told so as every signed-in call would.
    assert.deepEqual(await api.call("user/logout", {}, { lang: "en-us", token }), NOT_SIGNED_IN);
    const other = await signIn(api, bob);
    for (const unknown of ["x".repeat(43), "not-a-token", token.slice(0, -1)]) {
      assert.deepEqual(await api.call("user/logout", {}, { lang: "zh-cn", token: unknown }), NOT_SIGNED_IN_ZH);
    }
    assert.deepEqual(await api.call("user/logout", {}, { lang: "en-us" }), NOT_SIGNED_IN);
    assert.equal((await team(api, other)).status, Status.ok);
  });

  test("an expired session cannot be ended, and the sweep deletes it but not the live ones", async () => {
    const carol = privateKeyToAccount(generatePrivateKey());
    const api = device();
    const start = Math.floor(Date.now() / 1000);
    try {
      clock = start - SESSION_SECONDS;
      const old = await signIn(api, carol);
      clock = start;
      const live = await signIn(api, carol);
      assert.deepEqual(await api.call("user/logout", {}, { lang: "en-us", token: old }), NOT_SIGNED_IN);
      const swept = await sweep(db, start);
      assert.ok(swept.sessions >= 1);
      const left = await db.query("SELECT 1 FROM sessions WHERE address = $1", [carol.address.toLowerCase()]);
      assert.equal(left.length, 1);
      assert.equal((await team(api, live)).status, Status.ok);
    } finally {
      clock = undefined;
    }
  });

  test("the API process sweeps expired sessions and sign-in messages on a timer", async () => {
    const signIn = createSignIn({
      db,
      client: createPublicClient({ transport: custom({ request: () => Promise.reject(new Error("no chain")) }) }),
      pool: POOL,
      chainId: 31337,
      origin: "https://dwn.example",
    });
    const sweeping = await startApi({ db, signIn, contracts: placeholderContracts(POOL), sweepEveryMs: 50 });
    try {
      const now = Math.floor(Date.now() / 1000);
      await db.query(
        "INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ('expired', '0xdead', $1, $2), ('live', '0xdead', $1, $3)",
        [now - 10, now - 1, now + 3600],
      );
      await db.query(
        "INSERT INTO sign_in_nonces (requester, address, message, expires_at) VALUES ('key:x', '0xdead', 'expired', $1), ('key:x', '0xdead', 'live', $2)",
        [now - 1, now + 300],
      );
      const left = async () => ({
        sessions: (
          await db.query<{ token_hash: string }>("SELECT token_hash FROM sessions WHERE address = '0xdead'")
        ).map((r) => r.token_hash),
        messages: (
          await db.query<{ message: string }>("SELECT message FROM sign_in_nonces WHERE address = '0xdead'")
        ).map((r) => r.message),
      });
      const deadline = Date.now() + 5000;
      while ((await left()).sessions.length > 1 && Date.now() < deadline) await sleep(20);
      assert.deepEqual(await left(), { sessions: ["live"], messages: ["live"] });
      assert.deepEqual(sweeping.faults, []);
    } finally {
      await sweeping.close();
    }
  });

  test("logout is a signed-in call: it must come in the envelope", async () => {
    const response = await fetch(`${server.origin}/api/user/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "think-lang": "en-us" },
      body: new URLSearchParams({ token: "anything", lang: "en-us" }).toString(),
    });
    assert.deepEqual(await response.json(), { status: 422, msg: "This call must be encrypted", data: null });
  });
});
