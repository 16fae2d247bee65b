import { createHash } from "node:crypto";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { keccak256, serializeTransaction, type Hex, type TransactionSerializable } from "viem";
import { MULTICALL3_BYTECODE } from "./multicall3";

/*
 * The devnet's chain, kept between runs. Hardhat's network lives in memory and cannot save its
 * state, so the devnet writes a journal instead: the genesis time, then each block's timestamp
 * and signed transactions, appended as blocks are mined. Starting again with the same genesis
 * time and replaying the journal rebuilds the same chain, block hash for block hash, so the
 * server's database (sessions, announcements, what it indexed) stays true to it.
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

export interface JournalBlock {
  number: number;
  timestamp: number;
  hash: Hex;
  transactions: Hex[];
}

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
export function readJournal(dir: string): { header: JournalHeader; blocks: JournalBlock[] } | undefined {
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
  const [header, ...blocks] = parsed as [JournalHeader | undefined, ...JournalBlock[]];
  if (!header || header.version !== 1) return undefined;
  return { header, blocks };
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

/** Mines `blocks` again, each at its own time with its own transactions, and checks each hash. */
export async function replay(provider: Provider, blocks: readonly JournalBlock[]): Promise<void> {
  await provider.request({ method: "evm_setAutomine", params: [false] });
  try {
    for (const recorded of blocks) {
      for (const raw of recorded.transactions) {
        await provider.request({ method: "eth_sendRawTransaction", params: [raw] });
      }
      await provider.request({ method: "evm_mine", params: [recorded.timestamp] });
      const mined = await block(provider, recorded.number);
      if (mined?.hash !== recorded.hash) {
        throw new Error(
          `Replaying the saved devnet chain gave block ${recorded.number} another hash (${mined?.hash}, saved ${recorded.hash}).`,
        );
      }
    }
  } finally {
    await provider.request({ method: "evm_setAutomine", params: [true] });
  }
}

/**
 * Appends each newly mined block to the journal in `dir`, every `intervalMs`. A block that is
 * no longer on the chain (a snapshot was reverted) is taken out of the journal again.
 * `flush()` records up to the head once more; call it before the process exits.
 */
export function recordJournal({
  provider,
  dir,
  header,
  blocks,
  intervalMs = 250,
}: {
  provider: Provider;
  dir: string;
  header: JournalHeader;
  blocks: JournalBlock[];
  intervalMs?: number;
}) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, JOURNAL);
  const rewrite = () =>
    writeFileSync(file, [header, ...blocks].map((line) => JSON.stringify(line) + "\n").join(""), "utf8");
  rewrite();

  let running: Promise<void> | undefined;
  let broken = false;
  const catchUp = async () => {
    // Blocks the chain no longer has (evm_revert): drop them before appending.
    let dropped = false;
    for (;;) {
      const last = blocks.at(-1);
      if (!last) break;
      const onChain = (await headNumber(provider)) >= last.number ? await block(provider, last.number) : undefined;
      if (onChain?.hash === last.hash) break;
      blocks.pop();
      dropped = true;
    }
    if (dropped) rewrite();
    const head = await headNumber(provider);
    for (let number = (blocks.at(-1)?.number ?? 0) + 1; number <= head; number++) {
      const mined = await block(provider, number);
      const entry: JournalBlock = {
        number,
        timestamp: Number(mined.timestamp),
        hash: mined.hash,
        transactions: mined.transactions.map(rawTransaction),
      };
      appendFileSync(file, JSON.stringify(entry) + "\n", "utf8");
      blocks.push(entry);
    }
  };
  const tick = () => {
    if (broken) return Promise.resolve();
    running ??= catchUp()
      .catch((error: unknown) => {
        // A chain the journal cannot replay must not be replayed half: forget it.
        broken = true;
        clearInterval(timer);
        rmSync(file, { force: true });
        console.error(
          `The devnet cannot keep this chain between runs (${error instanceof Error ? error.message : String(error)}). ` +
            "It runs on, but the next npm start will ask for --reset.",
        );
      })
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  return {
    async flush() {
      clearInterval(timer);
      await running;
      await tick();
    },
  };
}
