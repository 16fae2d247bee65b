import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./body";

interface Call {
  id: number;
  method: string;
  params: unknown[];
}

const hex = (n: number) => `0x${n.toString(16)}`;
/** A hash made of a block's number and its branch (how many forks replaced it). */
const hash = (n: number, branch = 0) => `0x${branch.toString(16).padStart(8, "0")}${n.toString(16).padStart(56, "0")}`;

/** Block `n` of the stand-in chain on `branch` (its parent's on `parentBranch`): no transactions. */
function block(n: number, branch: number, parentBranch: number) {
  return {
    number: hex(n),
    hash: hash(n, branch),
    parentHash: hash(Math.max(0, n - 1), parentBranch),
    timestamp: hex(1_700_000_000 + n * 2),
    nonce: "0x0000000000000000",
    difficulty: "0x0",
    totalDifficulty: "0x0",
    gasLimit: hex(30_000_000),
    gasUsed: "0x0",
    baseFeePerGas: "0x0",
    miner: `0x${"0".repeat(40)}`,
    extraData: "0x",
    logsBloom: `0x${"0".repeat(512)}`,
    mixHash: hash(0),
    sha3Uncles: hash(0),
    stateRoot: hash(0),
    receiptsRoot: hash(0),
    transactionsRoot: hash(0),
    size: "0x0",
    transactions: [],
    uncles: [],
  };
}

/**
 * A JSON-RPC chain on a free loopback port with no contract events, whose finalized head the
 * test sets, whose `eth_getLogs` answers can be held back (a gate the test opens, or opens for
 * one request), and which can stop answering altogether (HTTP 503).
 */
export async function startStandInChain(head: number) {
  const state = { head, down: false, gateOpen: true };
  const held: (() => void)[] = [];
  /** The first block of each fork, in order: a block's branch is how many start at or below it. */
  const forks: number[] = [];
  const branchOf = (n: number) => forks.filter((from) => from <= n).length;

  async function answer(call: Call): Promise<unknown> {
    switch (call.method) {
      case "eth_chainId":
        return hex(31337);
      case "eth_blockNumber":
        return hex(state.head);
      case "eth_getBlockByNumber": {
        const tag = call.params[0];
        const n = tag === "finalized" || tag === "latest" || tag === "safe" ? state.head : Number(tag);
        return n <= state.head ? block(n, branchOf(n), branchOf(n - 1)) : null;
      }
      case "eth_getLogs":
        if (!state.gateOpen) await new Promise<void>((resolve) => held.push(resolve));
        return [];
      default:
        throw new Error(`The stand-in chain does not answer ${call.method}.`);
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (state.down) return res.writeHead(503).end("unavailable");
      const parsed = JSON.parse(body) as Call | Call[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const answers = await Promise.all(
        calls.map(async (call) => {
          try {
            return { jsonrpc: "2.0", id: call.id, result: await answer(call) };
          } catch (error) {
            return { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: (error as Error).message } };
          }
        }),
      );
      if (!res.writable) return;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get head() {
      return state.head;
    },
    set head(n: number) {
      state.head = n;
    },
    /** Whether it answers at all (false: HTTP 503 to everything). */
    set up(up: boolean) {
      state.down = !up;
    },
    /** A reorg: every block from `from` up is replaced by another with a new hash. */
    fork(from: number) {
      forks.push(from);
    },
    /** Holds every eth_getLogs until `openGate` (or `releaseOne`). */
    closeGate() {
      state.gateOpen = false;
    },
    openGate() {
      state.gateOpen = true;
      for (const release of held.splice(0)) release();
    },
    /** How many eth_getLogs are held. */
    get held() {
      return held.length;
    },
    releaseOne() {
      held.shift()?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of held.splice(0)) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
