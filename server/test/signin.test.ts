import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { createApiClient, Status, type ApiClient, type Language } from "@dwn/api";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  serializeErc6492Signature,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, type HDAccount } from "viem/accounts";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";
import { hardhat } from "viem/chains";
import { createSiweMessage, parseSiweMessage, validateSiweMessage, type SiweMessage } from "viem/siwe";
import { createSignIn, SESSION_SECONDS } from "../src/serve/signin";
import type { Db } from "../src/store/db";
import { createIndexer } from "../src/sync/indexer";
import { fetchConfig, startApi, type ApiServer } from "./support/api";
import { openTestDb } from "./support/db";
import { startDevnet, type Devnet } from "./support/devnet";
import { startRpcProxy, type RpcCall } from "./support/rpc-proxy";

/** Sign-in (DESIGN.md §4) against the seeded devnet, through the enveloped client. */

const account = devnetHdAccount;
const root = account(1);
const alice = account(4);
const bob = account(5);
const carol = account(6);
const dave = account(7);
const erin = account(8);
/** Not used by the seed: deploys and owns the contract wallet. */
const walletOwner = account(9);

/** The site the sign-in messages name; deliberately not the address the test server listens on. */
const ORIGIN = "https://dwn.example";
const DOMAIN = "dwn.example";

const MSG = {
  noChallenge: "No sign-in message is waiting for this address, or it expired; please try again",
  badSignature: "The signature does not match the sign-in message and address",
  notBound: "This address has no inviter yet; bind one first",
  notBoundZh: "该地址尚未绑定邀请人，请先绑定",
  notSignature: "signs must be a hex signature",
  signsMissing: "signs is required",
  notAddress: "address must be a wallet address",
  notSignedIn: "Please connect your wallet and sign in again",
};

/** A minimal ERC-1271 wallet that binds itself under `inviter` when it is deployed. */
const WALLET_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPoolBinding {
    function setInviter(address inviter) external;
}

contract TestWallet {
    address public immutable owner;

    constructor(address owner_, address pool, address inviter) {
        owner = owner_;
        IPoolBinding(pool).setInviter(inviter);
    }

    /// Valid when the owner signed \`hash\` (the EIP-191 hash of the signed message).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// A wallet whose signature check never ends: it may only burn the gas it is given.
contract LoopingWallet {
    constructor(address pool, address inviter) {
        IPoolBinding(pool).setInviter(inviter);
    }

    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        while (true) {}
    }
}
`;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** The source's compiled contracts: solc runs once per process (each run took seconds of CPU). */
let compiled: SolcOutput["contracts"][string] | undefined;

function compileWallet(name: "TestWallet" | "LoopingWallet" = "TestWallet"): { abi: Abi; bytecode: Hex } {
  compiled ??= compileSource();
  const contract = compiled[name];
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

function compileSource(): SolcOutput["contracts"][string] {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "TestWallet.sol": { content: WALLET_SOURCE } },
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  assert.deepEqual(
    errors.map((e) => e.formattedMessage),
    [],
  );
  return output.contracts["TestWallet.sol"];
}

describe("sign-in", () => {
  let devnet: Devnet;
  let db: Db;
  let dropDb: () => Promise<void>;
  let server: ApiServer;
  let limited: ApiServer;
  let publicKey: string;
  /** The sign-in clock: frozen at a value while a test sets it, else the real time. */
  let clock: number | undefined;
  const realNow = () => Math.floor(Date.now() / 1000);
  /** The limited server's clock stands still, so that the test never straddles two of the limit's windows. */
  const frozen = Date.now();
  const retryAfter = Math.max(1, Math.ceil(((Math.floor(frozen / 60_000) + 1) * 60_000 - frozen) / 1000));
  const tooMany = `Too many requests; please try again in ${retryAfter} seconds`;
  const tooManyZh = `请求过于频繁，请 ${retryAfter} 秒后再试`;

  before(async () => {
    devnet = await startDevnet();
    ({ db, drop: dropDb } = await openTestDb());
    const { record } = devnet;
    // The team figures the token unlocks come from the indexed seed (alice: bob and dave under her).
    await createIndexer({
      db,
      rpcUrl: devnet.rpcUrl,
      chainId: 31337,
      addresses: [record.contracts.pool, record.contracts.staking],
      startBlock: record.startBlock,
      maxBlockRange: 2000,
      pollMs: 1000,
    }).catchUp();
    // As main.ts builds it: a chain-less client on the RPC URL.
    const signIn = createSignIn({
      db,
      client: createPublicClient({ transport: http(devnet.rpcUrl) }),
      pool: record.contracts.pool,
      chainId: 31337,
      origin: ORIGIN,
      now: () => clock ?? realNow(),
    });
    server = await startApi({ db, signIn, contracts: record.contracts, signInPerMinute: 10_000 });
    limited = await startApi({ db, signIn, contracts: record.contracts, signInPerMinute: 3, clock: () => frozen });
    publicKey = (await fetchConfig(server.origin)).publicKey;
  });

  after(async () => {
    try {
      await Promise.allSettled([server?.close(), limited?.close()]);
      await dropDb?.();
    } finally {
      await devnet?.stop();
    }
  });

  /** A client as one page load of the web app makes it. */
  const client = (origin = server.origin, key = publicKey) => createApiClient({ origin, publicKey: key });

  async function challenge(api: ApiClient, address: Address, lang: Language = "en-us"): Promise<string> {
    const reply = await api.call("user/get_address_random", { address }, { lang });
    assert.equal(reply.status, Status.ok, reply.msg);
    return reply.data;
  }

  async function signInAs(api: ApiClient, signer: HDAccount, lang: Language = "en-us") {
    const message = await challenge(api, signer.address, lang);
    const signs = await signer.signMessage({ message });
    return api.call("user/login", { address: signer.address, signs }, { lang });
  }

  async function tokenOf(api: ApiClient, signer: HDAccount): Promise<string> {
    const reply = await signInAs(api, signer);
    assert.equal(reply.status, Status.ok, reply.msg);
    return reply.data.access_token;
  }

  function assertRefused(reply: { status: number; msg: string; data: unknown }, status: number, msg: string) {
    assert.deepEqual(reply, { status, msg, data: null });
  }

  /** A signature of the challenge `text` as it would read with `change` applied. */
  async function signAltered(signer: HDAccount, text: string, change: Partial<SiweMessage>) {
    const altered = createSiweMessage({ ...(parseSiweMessage(text) as SiweMessage), ...change });
    assert.notEqual(altered, text);
    return signer.signMessage({ message: altered });
  }

  test("an EOA signs an EIP-4361 message and its token opens the member's own data; only a hash is kept", async () => {
    const api = client();
    const issued = realNow();
    const text = await challenge(api, alice.address);
    const message = parseSiweMessage(text);
    assert.equal(message.domain, DOMAIN);
    assert.equal(message.uri, ORIGIN);
    assert.equal(message.chainId, 31337);
    assert.equal(message.address, getAddress(alice.address));
    assert.equal(message.version, "1");
    assert.ok(text.startsWith(`${DOMAIN} wants you to sign in with your Ethereum account:\n${alice.address}\n`));
    assert.ok(validateSiweMessage({ message, domain: DOMAIN, address: alice.address }));
    assert.ok(message.issuedAt && message.expirationTime);
    assert.ok(Math.abs(message.issuedAt.getTime() / 1000 - issued) <= 2, "issued now");
    assert.equal(message.expirationTime.getTime() - message.issuedAt.getTime(), 5 * 60 * 1000);

    // Nonces: alphanumeric, long enough for 96 random bits, and unrelated to one another
    // (no stretch of 8 characters shared by two consecutive ones).
    const nonces = [message.nonce ?? ""];
    for (const other of [bob, carol, dave])
      nonces.push(parseSiweMessage(await challenge(api, other.address)).nonce ?? "");
    for (const nonce of nonces) {
      assert.match(nonce, /^[A-Za-z0-9]+$/);
      const bitsPerChar = /^[0-9a-f]+$/.test(nonce) ? 4 : Math.log2(62);
      assert.ok(nonce.length * bitsPerChar >= 96, `nonce ${nonce} is too short for 96 bits`);
    }
    for (let i = 1; i < nonces.length; i++) {
      for (let at = 0; at + 8 <= nonces[i].length; at++) {
        const stretch = nonces[i].slice(at, at + 8);
        assert.ok(!nonces[i - 1].includes(stretch), `consecutive nonces share "${stretch}"`);
      }
    }

    const signs = await alice.signMessage({ message: text });
    const login = await api.call("user/login", { address: alice.address, signs }, { lang: "en-us" });
    assert.equal(login.status, Status.ok, login.msg);
    const token = login.data.access_token;
    assert.ok(token.length >= 32);

    const team = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token });
    assert.equal(team.status, Status.ok, team.msg);
    assert.equal(team.data.friend_num, 2);
    assert.equal(team.data.community_num, 3);
    // Another page load (another session key) carries the same token.
    const again = await client().call("user/getMemberTeamInfo", {}, { lang: "zh-cn", token });
    assert.equal(again.status, Status.ok, again.msg);

    const rows = await db.query("SELECT * FROM sessions");
    assert.ok(rows.some((row) => row.address === alice.address.toLowerCase()));
    assert.ok(!JSON.stringify(rows).includes(token), "the sessions table holds the token itself");
  });

  test("the root signs in without an inviter", async () => {
    const api = client();
    const token = await tokenOf(api, root);
    const team = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token });
    assert.equal(team.status, Status.ok, team.msg);
    assert.equal(team.data.community_num, 4);
  });

  test("an ERC-1271 contract wallet signs in with its owner's signature", async () => {
    const { abi, bytecode } = compileWallet();
    const deployer = createWalletClient({ account: walletOwner, chain: hardhat, transport: http(devnet.rpcUrl) });
    const hash = await deployer.deployContract({
      abi,
      bytecode,
      args: [walletOwner.address, devnet.record.contracts.pool, alice.address],
    });
    const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "success");
    assert.ok(receipt.contractAddress);
    const wallet = getAddress(receipt.contractAddress);

    const api = client();
    const text = await challenge(api, wallet);
    assert.equal(parseSiweMessage(text).address, wallet);
    // Someone other than the owner cannot sign for the wallet.
    const forged = await api.call(
      "user/login",
      { address: wallet, signs: await bob.signMessage({ message: text }) },
      { lang: "en-us" },
    );
    assertRefused(forged, 422, MSG.badSignature);

    const login = await api.call(
      "user/login",
      { address: wallet, signs: await walletOwner.signMessage({ message: text }) },
      { lang: "en-us" },
    );
    assert.equal(login.status, Status.ok, login.msg);
    const team = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token: login.data.access_token });
    assert.equal(team.status, Status.ok, team.msg);
    // The owner's own address is not bound: the wallet's signature does not sign in its owner.
    const owner = await signInAs(api, walletOwner);
    assertRefused(owner, 10001, MSG.notBound);
  });

  /** A sign-in whose RPC requests go through a recording proxy, and an API server on it. */
  async function watchedSignIn(
    options: { contractCheckGas?: bigint; contractCheckTimeoutMs?: number } = {},
    hold?: (call: RpcCall) => boolean,
  ) {
    const calls: RpcCall[] = [];
    const proxy = await startRpcProxy(devnet.rpcUrl, { onCall: (call) => calls.push(call), hold });
    const signIn = createSignIn({
      db,
      client: createPublicClient({ transport: http(proxy.url) }),
      pool: devnet.record.contracts.pool,
      chainId: 31337,
      origin: ORIGIN,
      ...options,
    });
    const api = await startApi({ db, signIn, contracts: devnet.record.contracts });
    return {
      calls,
      api: client(api.origin, (await fetchConfig(api.origin)).publicKey),
      close: async () => {
        await api.close();
        await proxy.close();
      },
    };
  }

  test("an ERC-6492 signature is refused before any RPC call, even one whose factory loops forever", async () => {
    // A factory whose code is a four-byte infinite loop (JUMPDEST PUSH1 0 JUMP).
    const deployer = createWalletClient({ account: walletOwner, chain: hardhat, transport: http(devnet.rpcUrl) });
    const hash = await deployer.sendTransaction({ data: "0x635b6000566000526004601cf3" });
    const { contractAddress } = await devnet.publicClient.waitForTransactionReceipt({ hash });
    assert.ok(contractAddress);
    assert.equal(await devnet.publicClient.getCode({ address: contractAddress }), "0x5b600056");

    const watched = await watchedSignIn();
    try {
      // A counterfactual wallet: no code yet, a pending message, and a signature that names
      // the factory to deploy it with.
      const counterfactual = privateKeyToAccount(generatePrivateKey());
      const text = await challenge(watched.api, counterfactual.address);
      const signs = serializeErc6492Signature({
        address: contractAddress,
        data: "0xdeadbeef",
        signature: await counterfactual.signMessage({ message: text }),
      });
      const before = watched.calls.length;
      const reply = await watched.api.call("user/login", { address: counterfactual.address, signs }, { lang: "en-us" });
      assertRefused(reply, 422, MSG.badSignature);
      assert.deepEqual(watched.calls.slice(before), [], "the login reached the RPC");
    } finally {
      await watched.close();
    }
  });

  test("an ERC-1271 wallet whose check loops is refused within the gas cap, with one call", async () => {
    const { abi, bytecode } = compileWallet("LoopingWallet");
    const deployer = createWalletClient({ account: walletOwner, chain: hardhat, transport: http(devnet.rpcUrl) });
    const hash = await deployer.deployContract({ abi, bytecode, args: [devnet.record.contracts.pool, alice.address] });
    const { contractAddress } = await devnet.publicClient.waitForTransactionReceipt({ hash });
    assert.ok(contractAddress);
    const wallet = getAddress(contractAddress);

    const watched = await watchedSignIn({ contractCheckGas: 300_000n });
    try {
      const text = await challenge(watched.api, wallet);
      const before = watched.calls.length;
      const started = performance.now();
      const reply = await watched.api.call(
        "user/login",
        { address: wallet, signs: await walletOwner.signMessage({ message: text }) },
        { lang: "en-us" },
      );
      assertRefused(reply, 422, MSG.badSignature);
      const calls = watched.calls.slice(before);
      assert.deepEqual(
        calls.map((c) => c.method),
        ["eth_call"],
      );
      const [call] = calls[0].params as [{ to: string; gas: string }];
      assert.equal(call.to.toLowerCase(), wallet.toLowerCase());
      assert.equal(BigInt(call.gas), 300_000n);
      assert.ok(performance.now() - started < 5000, "the refusal took the whole timeout");
      // The node is none the worse.
      assert.ok((await devnet.publicClient.getBlockNumber()) > 0n);
    } finally {
      await watched.close();
    }
  });

  /** Deploys a TestWallet owned by `walletOwner`, bound under alice. */
  async function deployWallet(): Promise<Address> {
    const { abi, bytecode } = compileWallet();
    const deployer = createWalletClient({ account: walletOwner, chain: hardhat, transport: http(devnet.rpcUrl) });
    const hash = await deployer.deployContract({
      abi,
      bytecode,
      args: [walletOwner.address, devnet.record.contracts.pool, alice.address],
    });
    const { contractAddress } = await devnet.publicClient.waitForTransactionReceipt({ hash });
    assert.ok(contractAddress);
    return getAddress(contractAddress);
  }

  test("a contract wallet signing the newest of five messages costs one check; one signing the oldest is found too", async () => {
    const wallet = await deployWallet();
    const watched = await watchedSignIn();
    try {
      const to = (call: RpcCall) => ((call.params[0] ?? {}) as { to?: string }).to?.toLowerCase();
      for (const signed of ["newest", "oldest"] as const) {
        const texts: string[] = [];
        for (let i = 0; i < 5; i++) texts.push(await challenge(watched.api, wallet));
        const message = signed === "newest" ? texts[4] : texts[0];
        const before = watched.calls.length;
        const login = await watched.api.call(
          "user/login",
          { address: wallet, signs: await walletOwner.signMessage({ message }) },
          { lang: "en-us" },
        );
        assert.equal(login.status, Status.ok, login.msg);
        const calls = watched.calls.slice(before);
        const checks = calls.filter((call) => call.method === "eth_call" && to(call) === wallet.toLowerCase());
        if (signed === "newest") {
          // The wallet's check of the newest message, then the inviter read: nothing else.
          assert.deepEqual(
            calls.map((call) => [call.method, to(call)]),
            [
              ["eth_call", wallet.toLowerCase()],
              ["eth_call", devnet.record.contracts.pool.toLowerCase()],
            ],
          );
        } else {
          assert.equal(checks.length, 5);
        }
      }
    } finally {
      await watched.close();
    }
  });

  test("a login against an RPC whose calls never answer is refused within one timeout, with the API's sentence", async () => {
    const wallet = await deployWallet();
    const budget = 1000;
    // The node answers everything but eth_call: the wallet has code, and every check hangs.
    const watched = await watchedSignIn({ contractCheckTimeoutMs: budget }, (call) => call.method === "eth_call");
    try {
      // A contract wallet with five pending messages, signing the oldest.
      const texts: string[] = [];
      for (let i = 0; i < 5; i++) texts.push(await challenge(watched.api, wallet));
      let started = performance.now();
      const contract = await watched.api.call(
        "user/login",
        { address: wallet, signs: await walletOwner.signMessage({ message: texts[0] }) },
        { lang: "en-us" },
      );
      let took = performance.now() - started;
      assertRefused(contract, 422, MSG.badSignature);
      assert.ok(took >= budget * 0.9 && took < budget * 2, `the contract wallet's login took ${Math.round(took)} ms`);

      // A key's signature needs no check, but the inviter read hangs as well.
      const text = await challenge(watched.api, alice.address);
      started = performance.now();
      const key = await watched.api.call(
        "user/login",
        { address: alice.address, signs: await alice.signMessage({ message: text }) },
        { lang: "en-us" },
      );
      took = performance.now() - started;
      assertRefused(key, Status.serverFault, "The server failed; please try again later");
      assert.ok(took >= budget * 0.9 && took < budget * 2, `the key's login took ${Math.round(took)} ms`);
    } finally {
      await watched.close();
    }
  });

  /** Drops the address's pending messages that earlier tests left (so "none is pending" holds). */
  const forgetPending = (address: Address) =>
    db.query("DELETE FROM sign_in_nonces WHERE address = $1", [address.toLowerCase()]);

  test("a used message and signature cannot sign in again", async () => {
    const api = client();
    await forgetPending(bob.address);
    const text = await challenge(api, bob.address);
    const signs = await bob.signMessage({ message: text });
    assert.equal((await api.call("user/login", { address: bob.address, signs }, { lang: "en-us" })).status, Status.ok);
    assertRefused(
      await api.call("user/login", { address: bob.address, signs }, { lang: "en-us" }),
      422,
      MSG.noChallenge,
    );
    // Nor against a fresh challenge: the old signature does not sign the new message.
    await challenge(api, bob.address);
    assertRefused(
      await api.call("user/login", { address: bob.address, signs }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
  });

  test("a challenge expires 5 minutes after it is issued", async () => {
    const api = client();
    try {
      const start = realNow();
      clock = start;
      let text = await challenge(api, carol.address);
      clock = start + 5 * 60 - 1;
      const inTime = await api.call(
        "user/login",
        { address: carol.address, signs: await carol.signMessage({ message: text }) },
        { lang: "en-us" },
      );
      assert.equal(inTime.status, Status.ok, inTime.msg);

      clock = start;
      text = await challenge(api, carol.address);
      clock = start + 5 * 60;
      const late = await api.call(
        "user/login",
        { address: carol.address, signs: await carol.signMessage({ message: text }) },
        { lang: "en-us" },
      );
      assertRefused(late, 422, MSG.noChallenge);
    } finally {
      clock = undefined;
    }
  });

  test("a signature of the message for another domain is refused", async () => {
    const api = client();
    const text = await challenge(api, dave.address);
    const signs = await signAltered(dave, text, { domain: "evil.example" });
    assertRefused(
      await api.call("user/login", { address: dave.address, signs }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
  });

  test("a signature of the message for another chain is refused", async () => {
    const api = client();
    const text = await challenge(api, dave.address);
    const signs = await signAltered(dave, text, { chainId: 56 });
    assertRefused(
      await api.call("user/login", { address: dave.address, signs }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
  });

  test("a signature by another address is refused", async () => {
    const api = client();
    const text = await challenge(api, alice.address);
    const signs = await bob.signMessage({ message: text });
    assertRefused(
      await api.call("user/login", { address: alice.address, signs }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
    // The challenge is still alice's to answer.
    const own = await api.call(
      "user/login",
      { address: alice.address, signs: await alice.signMessage({ message: text }) },
      { lang: "en-us" },
    );
    assert.equal(own.status, Status.ok, own.msg);
  });

  test("an address with no inviter is refused with the business-rule status", async () => {
    const api = client();
    assertRefused(await signInAs(api, erin), 10001, MSG.notBound);
    assertRefused(await signInAs(api, erin, "zh-cn"), 10001, MSG.notBoundZh);
  });

  test("two challenges for one address are both usable, each once", async () => {
    const api = client();
    await forgetPending(dave.address);
    const first = await challenge(api, dave.address);
    const second = await challenge(api, dave.address);
    assert.notEqual(first, second);
    const signsFirst = await dave.signMessage({ message: first });
    const signsSecond = await dave.signMessage({ message: second });
    // The older one first: a newer challenge does not spoil it.
    for (const signs of [signsFirst, signsSecond]) {
      const login = await api.call("user/login", { address: dave.address, signs }, { lang: "en-us" });
      assert.equal(login.status, Status.ok, login.msg);
    }
    for (const signs of [signsFirst, signsSecond]) {
      assertRefused(
        await api.call("user/login", { address: dave.address, signs }, { lang: "en-us" }),
        422,
        MSG.noChallenge,
      );
    }
  });

  test("a stranger asking for many challenges for alice's address while she signs does not spoil hers", async () => {
    const hers = client();
    await forgetPending(alice.address);
    const text = await challenge(hers, alice.address);
    // Another page load (the stranger's), well under the sign-in limit, asks again and again.
    const stranger = client();
    const theirs: string[] = [];
    for (let i = 0; i < 12; i++) theirs.push(await challenge(stranger, alice.address));
    const signs = await alice.signMessage({ message: text });
    const login = await hers.call("user/login", { address: alice.address, signs }, { lang: "en-us" });
    assert.equal(login.status, Status.ok, login.msg);
    // Nor can a stranger use alice's signature of a message they were given: theirs are
    // signed by nobody, and hers is used up.
    const stolen = await stranger.call("user/login", { address: alice.address, signs }, { lang: "en-us" });
    assert.equal(stolen.status, 422, stolen.msg);
    // The stranger's own pending messages are capped per requester: only its newest stay.
    const [{ count }] = await db.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM sign_in_nonces WHERE address = $1",
      [alice.address.toLowerCase()],
    );
    assert.equal(Number(count), 5);
    assert.ok(theirs.length > Number(count));
  });

  test("malformed signatures and addresses are refused as bad input", async () => {
    const api = client();
    await challenge(api, bob.address);
    const good = await bob.signMessage({ message: "something else" });
    const malformed: [string, string][] = [
      ["", MSG.signsMissing],
      ["0x", MSG.notSignature],
      [good.slice(2), MSG.notSignature],
      [good.slice(0, -2), MSG.notSignature],
      [`${good}0`, MSG.notSignature],
      [`0x${"zz".repeat(65)}`, MSG.notSignature],
      [`${good.slice(0, 20)} ${good.slice(21)}`, MSG.notSignature],
      ["' OR 1=1 --", MSG.notSignature],
    ];
    for (const [signs, msg] of malformed) {
      assertRefused(await api.call("user/login", { address: bob.address, signs }, { lang: "en-us" }), 422, msg);
    }
    // Well-formed but not a signature of the message: the pending challenge is not used up by it.
    assertRefused(
      await api.call("user/login", { address: bob.address, signs: good }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
    assertRefused(
      await api.call("user/login", { address: bob.address, signs: `0x${"00".repeat(65)}` }, { lang: "en-us" }),
      422,
      MSG.badSignature,
    );
    for (const address of ["", "0x1234", `${bob.address}00`, bob.address.slice(2), "bob.eth"]) {
      const reply = await api.call("user/get_address_random", { address }, { lang: "en-us" });
      assertRefused(reply, 422, address === "" ? "address is required" : MSG.notAddress);
    }
  });

  test("a token works for 7 days and then no more", async () => {
    const api = client();
    try {
      const start = realNow();
      clock = start;
      const token = await tokenOf(api, carol);
      clock = start + SESSION_SECONDS - 1;
      assert.equal((await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token })).status, Status.ok);
      clock = start + SESSION_SECONDS;
      assertRefused(await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token }), 401, MSG.notSignedIn);
      assertRefused(
        await api.call("user/getFriendList", { page: "1", limit: "10" }, { lang: "en-us", token }),
        401,
        MSG.notSignedIn,
      );
      // Not being signed in outranks bad input.
      assertRefused(
        await api.call("user/getFriendList", { page: "0", limit: "10" }, { lang: "en-us", token }),
        401,
        MSG.notSignedIn,
      );
    } finally {
      clock = undefined;
    }
  });

  test("a token acts only as the address that signed in", async () => {
    const api = client();
    const aliceToken = await tokenOf(api, alice);
    const bobToken = await tokenOf(api, bob);
    const friendsOf = async (token: string) => {
      const reply = await api.call("user/getFriendList", { page: "1", limit: "10" }, { lang: "en-us", token });
      assert.equal(reply.status, Status.ok, reply.msg);
      return reply.data.map((friend) => friend.address).sort();
    };
    assert.deepEqual(await friendsOf(aliceToken), [bob.address, dave.address].map((a) => a.toLowerCase()).sort());
    assert.deepEqual(await friendsOf(bobToken), [carol.address.toLowerCase()]);
    const info = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token: bobToken });
    assert.equal(info.data.friend_num, 1);
    assert.equal(info.data.community_num, 1);
  });

  test("sign-in calls are limited per IP with 429; the limit refuses clearly and other calls still serve", async () => {
    const config = await fetchConfig(limited.origin);
    const api = client(limited.origin, config.publicKey);
    const token = await tokenOf(client(), alice);
    for (let i = 0; i < 3; i++) await challenge(api, dave.address);
    assertRefused(
      await api.call("user/get_address_random", { address: dave.address }, { lang: "en-us" }),
      429,
      tooMany,
    );
    assertRefused(
      await api.call("user/get_address_random", { address: erin.address }, { lang: "zh-cn" }),
      429,
      tooManyZh,
    );

    const signs = `0x${"11".repeat(65)}`;
    for (let i = 0; i < 3; i++) {
      const reply = await api.call("user/login", { address: erin.address, signs }, { lang: "en-us" });
      assert.equal(reply.status, 422, reply.msg);
    }
    assertRefused(await api.call("user/login", { address: erin.address, signs }, { lang: "en-us" }), 429, tooMany);

    const notices = await api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" });
    assert.equal(notices.status, Status.ok, notices.msg);
    const team = await api.call("user/getMemberTeamInfo", {}, { lang: "en-us", token });
    assert.equal(team.status, Status.ok, team.msg);
    assert.equal(team.data.friend_num, 2);
  });
});
