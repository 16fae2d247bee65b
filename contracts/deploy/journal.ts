import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { keccak256, serializeTransaction, type Hex, type TransactionSerializable } from "viem";
import { MULTICALL3_BYTECODE } from "./multicall3";

/*
 * The devnet's chain, kept between runs. Hardhat's network lives in memory and cannot save its
 * state, so the devnet writes a journal instead: the genesis time, then each block's timestamp
 * and signed transactions, and the calls that set state outside a transaction (hardhat_setBalance,
 * hardhat_mine, …), each appended and fsynced before the call that made it answers. Starting
 * again with the same genesis time and replaying the journal rebuilds the same chain, block hash
 * for block hash, so the server's database (sessions, announcements, what it indexed) stays true
 * to it.
 */

interface Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface JournalHeader {
  version: 1;
  chainId: number;
  /** The genesis block's time (unix seconds): the network starts from it again. */
  genesisTime: number;
  genesisHash: Hex;
  /** A digest of the compiled contracts: a journal of other code cannot be replayed. */
  code: string;
}

/** A block mined by a transaction, `evm_mine` or the node's interval mining. */
export interface JournalBlock {
  number: number;
  timestamp: number;
  hash: Hex;
  transactions: Hex[];
}

/**
 * A call that changed the chain's state outside a transaction (`hardhat_setBalance`, …): replayed
 * as it was, between the same blocks. `hardhat_mine` also keeps the time of the first block it
 * mined (with that block's transactions, when automine was off) and the last block's number and
 * hash; its other blocks follow from its interval.
 */
export interface JournalCall {
  method: string;
  params: unknown[];
  timestamp?: number;
  transactions?: Hex[];
  number?: number;
  hash?: Hex;
}

export type JournalEntry = JournalBlock | JournalCall;

const isCall = (entry: JournalEntry): entry is JournalCall => "method" in entry;

/** The calls that change state without a transaction, replayed as they were made. */
const STATE_CALLS = new Set([
  "hardhat_setBalance",
  "hardhat_setCode",
  "hardhat_setStorageAt",
  "hardhat_setNonce",
  "hardhat_setCoinbase",
  "hardhat_setNextBlockBaseFeePerGas",
  "hardhat_setPrevRandao",
  "hardhat_setMinGasPrice",
  "evm_setBlockGasLimit",
]);

/**
 * Calls that may mine a block or change what the next one holds. Each runs alone, and the
 * journal has the blocks it mined on disk (fsynced) before its answer leaves the node. Reads
 * pass straight through. evm_setNextBlockTimestamp and evm_increaseTime need no entry: each
 * block's time is journaled with it.
 */
const WRITE_CALLS = new Set([
  ...STATE_CALLS,
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "evm_mine",
  "hardhat_mine",
  "evm_snapshot",
  "evm_revert",
  "evm_setAutomine",
  "evm_setIntervalMining",
  "evm_setNextBlockTimestamp",
  "evm_increaseTime",
  "hardhat_reset",
  "hardhat_dropTransaction",
]);

const JOURNAL = "chain.jsonl";

interface RpcBlock {
  number: Hex;
  hash: Hex;
  timestamp: Hex;
  transactions: RpcTransaction[];
}

interface RpcTransaction {
  hash: Hex;
  type: Hex;
  chainId?: Hex;
  nonce: Hex;
  to: Hex | null;
  value: Hex;
  gas: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  input: Hex;
  accessList?: { address: Hex; storageKeys: Hex[] }[];
  v: Hex;
  r: Hex;
  s: Hex;
  yParity?: Hex;
}

/**
 * The digest of every compiled contract's bytecode under `artifacts/src`, and of Multicall3's,
 * which the devnet also holds from its first block.
 */
export function codeDigest(artifactsDir: string): string {
  const hash = createHash("sha256");
  hash.update(`Multicall3\n${MULTICALL3_BYTECODE}\n`);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith(".json") && !name.endsWith(".dbg.json")) {
        const { bytecode } = JSON.parse(readFileSync(file, "utf8")) as { bytecode?: string };
        hash.update(`${path.relative(artifactsDir, file)}\n${bytecode ?? ""}\n`);
      }
    }
  };
  walk(artifactsDir);
  return hash.digest("hex");
}

/** The journal in `dir`, or undefined when there is none. A last line cut short by a crash is dropped. */
export function readJournal(dir: string): { header: JournalHeader; entries: JournalEntry[] } | undefined {
  const file = path.join(dir, JOURNAL);
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, "utf8").split("\n");
  const parsed: unknown[] = [];
  for (const line of lines) {
    if (line.trim() === "") continue;
    try {
      parsed.push(JSON.parse(line));
    } catch {
      break;
    }
  }
  const [header, ...entries] = parsed as [JournalHeader | undefined, ...JournalEntry[]];
  if (!header || header.version !== 1) return undefined;
  return { header, entries };
}

/** A mined transaction's signed bytes, checked against its hash. */
export function rawTransaction(tx: RpcTransaction): Hex {
  const chainId = tx.chainId ? Number(tx.chainId) : undefined;
  const common = {
    nonce: Number(tx.nonce),
    to: tx.to ?? undefined,
    value: BigInt(tx.value),
    gas: BigInt(tx.gas),
    data: tx.input,
  };
  let unsigned: TransactionSerializable;
  if (tx.type === "0x2") {
    unsigned = {
      ...common,
      type: "eip1559",
      chainId: chainId ?? 0,
      maxFeePerGas: BigInt(tx.maxFeePerGas ?? "0x0"),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas ?? "0x0"),
      accessList: tx.accessList ?? [],
    };
  } else if (tx.type === "0x1") {
    unsigned = {
      ...common,
      type: "eip2930",
      chainId: chainId ?? 0,
      gasPrice: BigInt(tx.gasPrice ?? "0x0"),
      accessList: tx.accessList ?? [],
    };
  } else if (tx.type === "0x0") {
    unsigned = { ...common, type: "legacy", gasPrice: BigInt(tx.gasPrice ?? "0x0"), ...(chainId ? { chainId } : {}) };
  } else {
    throw new Error(`Transaction ${tx.hash} is of type ${tx.type}, which the devnet journal cannot keep.`);
  }
  const signature =
    tx.type === "0x0"
      ? { r: tx.r, s: tx.s, v: BigInt(tx.v) }
      : { r: tx.r, s: tx.s, yParity: Number(tx.yParity ?? tx.v) };
  const raw = serializeTransaction(unsigned, signature);
  if (keccak256(raw) !== tx.hash) {
    throw new Error(`Transaction ${tx.hash} could not be re-encoded for the devnet journal.`);
  }
  return raw;
}

async function block(provider: Provider, number: number): Promise<RpcBlock> {
  return (await provider.request({
    method: "eth_getBlockByNumber",
    params: [`0x${number.toString(16)}`, true],
  })) as RpcBlock;
}

async function headNumber(provider: Provider): Promise<number> {
  return Number(await provider.request({ method: "eth_blockNumber" }));
}

/** Mines the journal's blocks again, each at its own time with its own transactions, makes its calls again, and checks each hash. */
export async function replay(provider: Provider, entries: readonly JournalEntry[]): Promise<void> {
  await provider.request({ method: "evm_setAutomine", params: [false] });
  try {
    for (const entry of entries) {
      if (isCall(entry) && entry.method !== "hardhat_mine") {
        await provider.request({ method: entry.method, params: entry.params });
        continue;
      }
      for (const raw of entry.transactions ?? []) {
        await provider.request({ method: "eth_sendRawTransaction", params: [raw] });
      }
      if (isCall(entry)) {
        await provider.request({ method: "evm_setNextBlockTimestamp", params: [entry.timestamp] });
        await provider.request({ method: entry.method, params: entry.params });
      } else {
        await provider.request({ method: "evm_mine", params: [entry.timestamp] });
      }
      const mined = await block(provider, entry.number ?? -1);
      if (mined?.hash !== entry.hash) {
        throw new Error(
          `Replaying the saved devnet chain gave block ${entry.number} another hash (${mined?.hash}, saved ${entry.hash}).`,
        );
      }
    }
  } finally {
    await provider.request({ method: "evm_setAutomine", params: [true] });
  }
}

/** The newest block an entry put on the chain, if any. */
function lastBlock(entries: readonly JournalEntry[]): { number: number; hash: Hex } | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const { number, hash } = entries[i];
    if (number !== undefined && hash !== undefined) return { number, hash };
  }
  return undefined;
}

/**
 * Journals the chain in `dir` from `entries` on, through `provider.request`, which it replaces:
 * a call that can mine or change state (WRITE_CALLS) runs alone, and the blocks it mined and the
 * state it set are appended and fsynced before it answers, so a block's entry is on disk before
 * the next block is mined. Blocks mined by the node's own interval mining are taken every
 * `intervalMs`. `evm_revert` takes the entries after its snapshot out again. A chain the
 * journal cannot replay (`hardhat_reset`, a transaction it cannot re-encode) deletes the
 * journal. `flush()` journals up to the head once more and stops; call it before the process exits.
 */
export function recordJournal({
  provider,
  dir,
  header,
  entries,
  intervalMs = 1000,
}: {
  provider: Provider;
  dir: string;
  header: JournalHeader;
  entries: JournalEntry[];
  intervalMs?: number;
}) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, JOURNAL);
  const lines = (items: readonly unknown[]) => items.map((item) => JSON.stringify(item) + "\n").join("");
  let fd = -1;
  /** Writes the whole journal to a new file and puts it in place of the old one. */
  const rewrite = () => {
    if (fd >= 0) closeSync(fd);
    const next = `${file}.new`;
    const out = openSync(next, "w");
    writeSync(out, lines([header, ...entries]));
    fsyncSync(out);
    closeSync(out);
    renameSync(next, file);
    const folder = openSync(dir, "r");
    fsyncSync(folder);
    closeSync(folder);
    fd = openSync(file, "a");
  };
  const append = (added: JournalEntry[]) => {
    if (added.length === 0) return;
    writeSync(fd, lines(added));
    fsyncSync(fd);
    entries.push(...added);
  };
  rewrite();

  const original = provider.request.bind(provider);
  /** Where the journal stood when each snapshot was taken. */
  const snapshots = new Map<string, number>();
  let broken = false;
  let stopped = false;

  /** Appends the blocks mined since the journal's last one. */
  const catchUp = async () => {
    const head = await headNumber({ request: original });
    const added: JournalEntry[] = [];
    for (let number = (lastBlock(entries)?.number ?? 0) + 1; number <= head; number++) {
      const mined = await block({ request: original }, number);
      added.push({
        number,
        timestamp: Number(mined.timestamp),
        hash: mined.hash,
        transactions: mined.transactions.map(rawTransaction),
      });
    }
    append(added);
  };

  /** Drops entries whose blocks the chain no longer has (a revert to a snapshot it did not see). */
  const dropGone = async () => {
    const before = entries.length;
    for (;;) {
      const last = lastBlock(entries);
      if (!last) break;
      const onChain =
        (await headNumber({ request: original })) >= last.number
          ? await block({ request: original }, last.number)
          : undefined;
      if (onChain?.hash === last.hash) break;
      entries.splice(entries.map((entry) => entry.number).lastIndexOf(last.number));
    }
    if (entries.length !== before) rewrite();
  };

  const record = async (args: { method: string; params?: unknown[] }, result: unknown, headBefore: number) => {
    const params = args.params ?? [];
    if (args.method === "hardhat_reset") throw new Error("hardhat_reset started another chain");
    if (args.method === "evm_snapshot") {
      snapshots.set(String(result), entries.length);
      return;
    }
    if (args.method === "evm_revert") {
      const at = snapshots.get(String(params[0]));
      if (result === true && at !== undefined && at <= entries.length) {
        entries.splice(at);
        for (const [id, length] of snapshots) if (length > at) snapshots.delete(id);
        rewrite();
      }
      await dropGone();
      return;
    }
    if (args.method === "hardhat_mine") {
      const head = await block({ request: original }, await headNumber({ request: original }));
      if (Number(head.number) <= headBefore) return;
      const first = await block({ request: original }, headBefore + 1);
      append([
        {
          method: args.method,
          params,
          timestamp: Number(first.timestamp),
          transactions: first.transactions.map(rawTransaction),
          number: Number(head.number),
          hash: head.hash,
        },
      ]);
      return;
    }
    await catchUp();
    if (STATE_CALLS.has(args.method)) append([{ method: args.method, params }]);
  };
  /** Appends blocks up to `number` (those mined before a call, by interval mining). */
  const catchUpTo = async (number: number) => {
    if ((lastBlock(entries)?.number ?? 0) < number) await catchUp();
  };

  const fail = (error: unknown) => {
    // A chain the journal cannot replay must not be replayed half: forget it.
    broken = true;
    clearInterval(timer);
    if (fd >= 0) closeSync(fd);
    fd = -1;
    rmSync(file, { force: true });
    console.error(
      `The devnet cannot keep this chain between runs (${error instanceof Error ? error.message : String(error)}). ` +
        "It runs on, but the next npm start will ask for --reset.",
    );
  };

  // One write call at a time: each waits for the journal entries of the one before it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  provider.request = (args: { method: string; params?: unknown[] }) => {
    if (!WRITE_CALLS.has(args.method)) return original(args);
    return serial(async () => {
      if (broken || stopped) return original(args);
      const headBefore = await headNumber({ request: original });
      await catchUpTo(headBefore).catch(fail);
      let outcome: { result: unknown } | { error: unknown };
      try {
        outcome = { result: await original(args) };
      } catch (error) {
        outcome = { error };
      }
      if (!broken) {
        // A transaction that reverted is mined all the same, and its block journaled before the error answers.
        await ("result" in outcome ? record(args, outcome.result, headBefore) : catchUp()).catch(fail);
      }
      if ("error" in outcome) throw outcome.error;
      return outcome.result;
    });
  };

  const tick = () =>
    serial(async () => {
      if (broken || stopped) return;
      try {
        await catchUp();
      } catch (error) {
        fail(error);
      }
    });
  const timer = setInterval(() => void tick(), intervalMs);
  return {
    async flush() {
      await tick();
      stopped = true;
      clearInterval(timer);
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}
