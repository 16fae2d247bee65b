import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createApiClient,
  unwrap,
  type Data,
  type Endpoint,
  type Payload,
  type RuntimeConfig,
  type SystemStatus,
} from "@dwn/api";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { DEVNET_ACCOUNTS, type DevnetRole } from "../../contracts/deploy/accounts";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const READY = "Ctrl-C stops everything.";

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}

/** The environment variable through which the runner gives each test file accounts of its own. */
export const ACCOUNT_OFFSET_VAR = "E2E_ACCOUNT_OFFSET";

/**
 * The devnet account at `index` of the Hardhat mnemonic (also past #19, which the node does not
 * unlock). Under the e2e runner, whose files share stacks, an index from 20 on is moved by the
 * file's own offset (E2E_ACCOUNT_OFFSET), so two files naming the same index get different
 * accounts; the node's own #0–#19 (the seeded roles among them) are never moved.
 */
export function devnetAccount(index: number): HDAccount {
  const offset = index >= 20 ? Number(process.env[ACCOUNT_OFFSET_VAR] ?? 0) : 0;
  return devnetHdAccount(index + offset);
}

/**
 * index.html as the web app's build wrote it, which a stack's server sends with the chain's
 * figures put in (its data block, and the shells of the screens showing them rendered with them).
 */
export function builtPage(): string {
  return readFileSync(path.join(REPO, "web", "dist", "index.html"), "utf8");
}

/** The seeded demo accounts by role (contracts/deploy/accounts.ts). */
export const role = (name: DevnetRole): HDAccount => devnetAccount(DEVNET_ACCOUNTS[name]);

/**
 * `npm start` run the way a newcomer runs it, on free loopback ports and a temporary data
 * folder, as its own process group. Resolves once it printed that everything is running.
 */
async function npmStart(extraEnv: Record<string, string>, args: readonly string[], logFile: string | undefined) {
  const [devnetPort, port] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-e2e-"));
  const child: ChildProcess = spawn("npm", ["start", ...(args.length > 0 ? ["--", ...args] : [])], {
    cwd: REPO,
    env: {
      ...process.env,
      ...extraEnv,
      DEVNET_PORT: String(devnetPort),
      PORT: String(port),
      DATA_DIR: dataDir,
      // Stacks side by side never meet on the default health port.
      HEALTH_PORT: "0",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test process that dies must not leave the devnet and the server behind: Ctrl-C, as a
  // person would, lets `npm start` stop the devnet and the server (each in a group of its own).
  const killOnExit = () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGINT");
  };
  process.once("exit", killOnExit);
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGINT");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (logFile) appendFileSync(logFile, chunk);
        if (output.join("").includes(READY)) resolve();
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code, signal) =>
        reject(new Error(`npm start stopped (${signal ?? code}) before "${READY}":\n${output.join("")}`)),
      );
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const log = () => output.join("");
  return { origin: `http://127.0.0.1:${port}`, rpcUrl: `http://127.0.0.1:${devnetPort}`, log, stop };
}

/**
 * A stack started by another process (the e2e runner, scripts/run.ts) for several test files, one
 * after another: where it answers, what it printed (`logFile`) and the configuration it runs with.
 */
export interface SharedStack {
  origin: string;
  rpcUrl: string;
  logFile: string;
  env: Record<string, string>;
}

/** The environment variable through which the runner hands a test file its shared stack. */
export const SHARED_STACK_VAR = "E2E_SHARED_STACK";

/**
 * The shared stack the runner handed this process, when a file asking for `env` and `args` can
 * use it: no options, and every variable it asks for set the same.
 */
export function sharedStackFor(env: Record<string, string>, args: readonly string[]): SharedStack | undefined {
  const value = process.env[SHARED_STACK_VAR];
  if (!value || args.length > 0) return undefined;
  const shared = JSON.parse(value) as SharedStack;
  return Object.entries(env).every(([key, wanted]) => shared.env[key] === wanted) ? shared : undefined;
}

/**
 * Connects to a shared stack: the same helpers as startStack's, whose `stop` leaves the stack
 * running for the next file. Its chain snapshot (resetChain) is taken now, so a reset puts back
 * the chain as this file found it.
 */
export function connectSharedStack({ origin, rpcUrl, logFile }: SharedStack) {
  const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");
  return connectStack({ origin, rpcUrl, log, stop: () => Promise.resolve() });
}

/**
 * The whole product for one test file: `npm start`, a chain snapshot of the seeded devnet, and
 * the helpers tests use to set up and check chain and API state. `env` adds configuration
 * (e.g. WALLETCONNECT_PROJECT_ID) to what `npm start` runs with, `args` its options (`--timelock`).
 */
export async function startStack(
  env: Record<string, string> = {},
  args: readonly string[] = [],
  { logFile }: { logFile?: string } = {},
) {
  const started = await npmStart(env, args, logFile);
  try {
    return await connectStack(started);
  } catch (error) {
    await started.stop();
    throw error;
  }
}

async function connectStack({ origin, rpcUrl, log, stop }: Awaited<ReturnType<typeof npmStart>>) {
  const config = (await (await fetch(`${origin}/api/config`)).json()) as RuntimeConfig;
  if (config.chain.id !== hardhat.id) throw new Error(`The stack runs chain ${config.chain.id}, not the devnet.`);
  const contracts = config.contracts;
  const publicClient = createPublicClient({ chain: hardhat, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain: hardhat, mode: "hardhat", transport: http(rpcUrl) });
  const api = createApiClient({ origin, publicKey: config.publicKey });
  let snapshot = await testClient.snapshot();

  const walletOf = (account: HDAccount) => createWalletClient({ account, chain: hardhat, transport: http(rpcUrl) });

  /** Waits for a sent transaction; a revert fails the test. */
  async function mined(hash: Promise<Hash> | Hash) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`Transaction ${receipt.transactionHash} reverted.`);
    return receipt;
  }

  async function status(): Promise<SystemStatus> {
    const reply = (await (await fetch(`${origin}/api/system/status`)).json()) as { status: number; data: SystemStatus };
    if (reply.status !== 200) throw new Error(`GET /api/system/status answered ${reply.status}.`);
    return reply.data;
  }

  /** Resolves once the server's indexer has applied the chain up to its current head. */
  async function waitIndexed(): Promise<bigint> {
    const head = await publicClient.getBlockNumber({ cacheTime: 0 });
    for (;;) {
      if (BigInt((await status()).indexedBlock) >= head) return head;
      // The indexer polls the chain every second; ask again soon after.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The data of an API call that must succeed (in English). */
  async function call<E extends Endpoint>(endpoint: E, payload: Payload<E>, token?: string): Promise<Data<E>> {
    return unwrap(await api.call(endpoint, payload, { lang: "en-us", token }));
  }

  return {
    origin,
    rpcUrl,
    config,
    contracts,
    publicClient,
    mined,
    waitIndexed,
    call,

    /** The last `lines` lines `npm start` printed (the devnet's and the server's): for a failure's message. */
    log: (lines = 40) => log().split("\n").slice(-lines).join("\n"),

    status,

    /** The web app's URL of a hash route, e.g. `app("/home?address=0x…")`. */
    app: (route: string) => `${origin}/chain/#${route}`,

    /** The pool's `inviters(account)`: the zero address when unbound. */
    inviterOf: (account: Address): Promise<Address> =>
      publicClient.readContract({ address: contracts.pool, abi: poolAbi, functionName: "inviters", args: [account] }),

    /** Turns the devnet's mining on each transaction off (transactions wait in the pool) or back on. */
    async automine(on: boolean) {
      await testClient.setAutomine(on);
    },

    /** Mines one block: with automine off, the pending transactions go in it. */
    async mineBlock() {
      await testClient.mine({ blocks: 1 });
    },

    /** Gives `account` BNB for gas (hardhat_setBalance); `value` 0 leaves it none. */
    async fundGas(account: Address, value = parseEther("10")) {
      await testClient.setBalance({ address: account, value });
    },

    /** Gives `account` USDT and DWN9 through the devnet tokens' owner-only mint, approved to the pool. */
    async fundTokens(account: HDAccount, amount = parseUnits("10000", 18)) {
      const owner = walletOf(role("owner"));
      const me = walletOf(account);
      for (const token of [contracts.usdt, contracts.dwn9]) {
        await mined(
          owner.writeContract({ address: token, abi: tokenAbi, functionName: "mint", args: [account.address, amount] }),
        );
        await mined(
          me.writeContract({
            address: token,
            abi: tokenAbi,
            functionName: "approve",
            args: [contracts.pool, maxUint256],
          }),
        );
      }
    },

    /** `account` binds `inviter` on chain, as the app's bind does. */
    async bind(account: HDAccount, inviter: Address) {
      return mined(
        walletOf(account).writeContract({
          address: contracts.pool,
          abi: poolAbi,
          functionName: "setInviter",
          args: [inviter],
        }),
      );
    },

    /** `account` buys one NFT of `tier`. */
    async buy(account: HDAccount, tier: bigint) {
      return mined(
        walletOf(account).writeContract({ address: contracts.pool, abi: poolAbi, functionName: "buy", args: [tier] }),
      );
    },

    /** An access token for `account`, signed in through the API as a wallet would. */
    async signIn(account: HDAccount): Promise<string> {
      const message = await call("user/get_address_random", { address: account.address });
      const signs: Hex = await account.signMessage({ message });
      return (await call("user/login", { address: account.address, signs })).access_token;
    },

    /**
     * Puts the chain back to the seeded state (evm_revert to the snapshot taken after start) and
     * takes a new snapshot. The server's database cannot be reverted: it keeps what it indexed,
     * so tests use accounts of their own. Before reverting, the indexer has caught up with the
     * head; after it, blocks are mined back to that height, so the next events land on block
     * numbers the indexer has not passed yet and are indexed like any other.
     */
    async resetChain() {
      const head = await waitIndexed();
      await testClient.revert({ id: snapshot });
      const reverted = await publicClient.getBlockNumber({ cacheTime: 0 });
      if (head > reverted) await testClient.mine({ blocks: Number(head - reverted) });
      snapshot = await testClient.snapshot();
    },

    /** Mints `amount` of a devnet token (usdt, dwn9, dwn, a8, udbk) to `to` through its owner-only mint. */
    async mint(token: Address, to: Address, amount: bigint) {
      return mined(
        walletOf(role("owner")).writeContract({
          address: token,
          abi: tokenAbi,
          functionName: "mint",
          args: [to, amount],
        }),
      );
    },

    /** `account`'s balance of `token`. */
    balanceOf: (token: Address, account: Address): Promise<bigint> =>
      publicClient.readContract({ address: token, abi: tokenAbi, functionName: "balanceOf", args: [account] }),

    /** The timestamp of the latest block: the chain's "now". */
    async chainTime(): Promise<bigint> {
      return (await publicClient.getBlock({ blockTag: "latest" })).timestamp;
    },

    /**
     * Moves the chain's clock `seconds` ahead and mines a block at the new time, so views, the
     * indexer (whose "now" is its last block's time) and the next transaction all see it.
     */
    async increaseTime(seconds: bigint | number) {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
    },

    /** `account` approves the staking contract for DWN and A8 and stakes `units`; resolves with the stake's id. */
    async stake(account: HDAccount, units: bigint): Promise<bigint> {
      const me = walletOf(account);
      for (const token of [contracts.dwn, contracts.a8]) {
        await mined(
          me.writeContract({
            address: token,
            abi: tokenAbi,
            functionName: "approve",
            args: [contracts.staking, maxUint256],
          }),
        );
      }
      const { result, request } = await publicClient.simulateContract({
        account,
        address: contracts.staking,
        abi: stakingAbi,
        functionName: "stake",
        args: [units],
      });
      await mined(me.writeContract(request));
      return result;
    },

    stop,
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
