import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createApiClient,
  unwrap,
  type ApiClient,
  type Data,
  type Endpoint,
  type Language,
  type Payload,
  type Reply,
} from "@dwn/api";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  createWalletClient,
  getContract,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
  type Address,
  type Hash,
  type PrivateKeyAccount,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { DEVNET_ACCOUNTS, type DevnetRole } from "../../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../../contracts/deploy/devnet-keys";
import { loadConfig, type ServerConfig } from "../../src/config";
import { startServer } from "../../src/main";
import { createIndexer, readSyncState } from "../../src/sync/indexer";
import { testDbTarget } from "./db";
import { startDevnet, type Devnet } from "./devnet";

/** Hardhat's node unlocks the first 20 accounts of its mnemonic; the seed uses #0..#8. */
export const ACCOUNT_COUNT = 20;
/** The accounts the seed leaves alone: tests bind, fund and use them as they like. */
export const FRESH_ACCOUNTS = Array.from({ length: ACCOUNT_COUNT - 9 }, (_, i) => i + 9);

/** The well-known devnet key of account `index`, as a local (signing) account. */
export function devnetAccount(index: number): PrivateKeyAccount {
  const key = devnetHdAccount(index).getHdKey().privateKey;
  if (!key) throw new Error(`No key for devnet account #${index}.`);
  return privateKeyToAccount(toHex(key));
}

export const roleIndex = (role: DevnetRole): number => DEVNET_ACCOUNTS[role];

export interface StackOptions {
  /** LEVEL_THRESHOLDS of the server (five whole-token amounts, ascending). */
  levelThresholds?: string;
  /** More of the server's environment (EVENTS_KEEP_ALIVE_MS, say). */
  env?: Record<string, string>;
}

/**
 * The whole server on a fresh devnet: the seeded chain, a test database, the API built by
 * `startServer` on 127.0.0.1 (a free port), and the real indexer, which the test drives with
 * {@link Stack.waitIndexed} so that every read follows a known checkpoint.
 */
export async function startStack(options: StackOptions = {}) {
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => errors.push(error));
    if (errors.length > 0) throw errors[0];
  };
  try {
    const devnet = await startDevnet();
    cleanups.push(() => devnet.stop());
    const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-api-test-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = testDbTarget();
    cleanups.push(() => database.drop());

    const logs: string[] = [];
    const log = (line: string) => logs.push(line);
    const config: ServerConfig = {
      ...loadConfig({
        CHAIN_ID: String(devnet.record.chainId),
        RPC_URL: devnet.rpcUrl,
        HOST: "127.0.0.1",
        PORT: "0",
        HEALTH_PORT: "0",
        SERVER_ROLE: "api",
        DATA_DIR: dataDir,
        WEB_DIR: path.join(dataDir, "no-web-app"),
        PUBLIC_ORIGIN: "http://127.0.0.1:8080",
        SIGN_IN_PER_MINUTE: "10000",
        API_PER_MINUTE_PER_IP: "1000000",
        API_PER_MINUTE_PER_TOKEN: "1000000",
        LEVEL_THRESHOLDS: options.levelThresholds ?? "0,1000,5000,20000,100000",
        ...options.env,
      }),
      db: database.target,
    };
    const server = await startServer(config, log);
    cleanups.push(() => server.close());
    if (!server.url) throw new Error("The API did not start.");
    const url = server.url;
    const db = server.db;

    const indexer = createIndexer({
      db,
      rpcUrl: config.chain.rpcUrl,
      chainId: config.chain.id,
      addresses: [config.deployment.contracts.pool, config.deployment.contracts.staking],
      startBlock: config.deployment.startBlock,
      maxBlockRange: config.indexer.maxBlockRange,
      pollMs: config.indexer.pollMs,
      log,
    });

    const runtime = (await (await fetch(`${url}/api/config`)).json()) as { publicKey: string };
    const api: ApiClient = createApiClient({ origin: url, publicKey: runtime.publicKey });
    return makeStack({ devnet, config, url, db, indexer, api, logs, stop: stopAll });
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

interface StackParts {
  devnet: Devnet;
  config: ServerConfig;
  url: string;
  db: Awaited<ReturnType<typeof startServer>>["db"];
  indexer: ReturnType<typeof createIndexer>;
  api: ApiClient;
  logs: string[];
  stop(): Promise<void>;
}

function makeStack({ devnet, config, url, db, indexer, api, logs, stop }: StackParts) {
  const { publicClient, testClient, record } = devnet;
  const c = record.contracts;
  const accounts = Array.from({ length: ACCOUNT_COUNT }, (_, i) => devnetAccount(i));

  /** Contract instances that sign as account `index`. */
  function as(index: number) {
    const wallet = createWalletClient({ account: accounts[index], chain: hardhat, transport: http(devnet.rpcUrl) });
    const client = { public: publicClient, wallet };
    return {
      wallet,
      pool: getContract({ address: c.pool, abi: poolAbi, client }),
      staking: getContract({ address: c.staking, abi: stakingAbi, client }),
      token: (address: Address) => getContract({ address, abi: tokenAbi, client }),
    };
  }

  /** Read-only contract instances. */
  const read = {
    pool: getContract({ address: c.pool, abi: poolAbi, client: publicClient }),
    staking: getContract({ address: c.staking, abi: stakingAbi, client: publicClient }),
    token: (address: Address) => getContract({ address, abi: tokenAbi, client: publicClient }),
  };

  /** Waits for a sent transaction; a revert fails the test. */
  async function mined(hash: Promise<Hash> | Hash): Promise<TransactionReceipt> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`Transaction ${receipt.transactionHash} reverted.`);
    return receipt;
  }

  async function blockTime(blockNumber: bigint): Promise<bigint> {
    return (await publicClient.getBlock({ blockNumber })).timestamp;
  }

  /** The chain head (uncached). */
  async function head() {
    return publicClient.getBlock({ blockTag: "latest" });
  }

  return {
    devnet,
    config,
    url,
    db,
    api,
    logs,
    record,
    accounts,
    publicClient,
    testClient,
    read,
    as,
    mined,
    blockTime,
    head,

    /** Applies everything up to the chain head, then returns the head's number and time. */
    async waitIndexed(): Promise<{ number: bigint; timestamp: bigint }> {
      const block = await head();
      await indexer.catchUp();
      const state = await readSyncState(db);
      if (!state || BigInt(state.blockNumber) < block.number) {
        throw new Error(`The indexer stopped at ${state?.blockNumber} before the head ${block.number}.`);
      }
      return { number: block.number, timestamp: block.timestamp };
    },

    /** Moves chain time forward by `seconds` and mines a block there. */
    async travel(seconds: bigint | number) {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
      return head();
    },

    /** Mines the next block at exactly `timestamp`. */
    async travelTo(timestamp: bigint) {
      await testClient.setNextBlockTimestamp({ timestamp });
      await testClient.mine({ blocks: 1 });
      return head();
    },

    /** Gives account `index` BNB and 100 000 of every token, and lets the pool and staking spend them. */
    async fund(index: number) {
      const owner = as(roleIndex("owner"));
      const me = as(index);
      const address = accounts[index].address;
      await testClient.setBalance({ address, value: parseEther("100") });
      for (const token of [c.usdt, c.dwn9, c.dwn, c.a8]) {
        await mined(owner.token(token).write.mint([address, parseUnits("100000", 18)]));
      }
      for (const [token, spender] of [
        [c.usdt, c.pool],
        [c.dwn9, c.pool],
        [c.dwn, c.staking],
        [c.a8, c.staking],
      ] as const) {
        await mined(me.token(token).write.approve([spender, maxUint256]));
      }
    },

    /** A raw call: the reply as the server sent it. */
    call<E extends Endpoint>(
      endpoint: E,
      payload: Payload<E>,
      { token, lang = "en-us" }: { token?: string; lang?: Language } = {},
    ): Promise<Reply<Data<E>>> {
      return api.call(endpoint, payload, { lang, token });
    },

    /** The data of a call that must succeed. */
    async data<E extends Endpoint>(
      endpoint: E,
      payload: Payload<E>,
      { token, lang = "en-us" }: { token?: string; lang?: Language } = {},
    ): Promise<Data<E>> {
      return unwrap(await api.call(endpoint, payload, { lang, token }));
    },

    /** Signs in account `index` as a wallet would: fetch the message, personal_sign it, log in. */
    async signIn(index: number): Promise<string> {
      const account = accounts[index];
      const message = unwrap(
        await api.call("user/get_address_random", { address: account.address }, { lang: "en-us" }),
      );
      const signs = await account.signMessage({ message });
      const reply = await api.call("user/login", { address: account.address, signs }, { lang: "en-us" });
      return unwrap(reply).access_token;
    },

    stop,
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
