import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { subtask, task } from "hardhat/config";
import { HardhatPluginError } from "hardhat/plugins";
import { TASK_COMPILE, TASK_NODE, TASK_NODE_SERVER_READY } from "hardhat/builtin-tasks/task-names";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Hex } from "viem";
import {
  codeDigest,
  readJournal,
  recordJournal,
  replay,
  type JournalEntry,
  type JournalHeader,
} from "../deploy/journal";
import { installMulticall3 } from "../deploy/multicall3";
import type { DeploymentRecord } from "../deploy/record";

let deployOnReady = false;
/** Where the chain is kept between runs (DEVNET_STATE_DIR), and what an earlier run left there. */
let stateDir: string | undefined;
let saved: ReturnType<typeof readJournal>;

function devnetPort(): number {
  const raw = process.env.DEVNET_PORT ?? "8545";
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`DEVNET_PORT must be a port number from 1 to 65535; it is "${raw}".`);
  }
  return port;
}

let withTimelock = false;

task("devnet", "Runs the local chain on 127.0.0.1:$DEVNET_PORT (8545) with the contracts deployed and seeded")
  .addFlag("timelock", "Hand Pool and Staking to a TimelockController, as on BNB Smart Chain")
  .setAction(async (args: { timelock: boolean }, hre) => {
    deployOnReady = true;
    withTimelock = args.timelock;
    const port = devnetPort();
    // A fresh checkout has no artifacts, and the deploy reads them.
    await hre.run(TASK_COMPILE, { quiet: true });
    stateDir = process.env.DEVNET_STATE_DIR ? path.resolve(process.env.DEVNET_STATE_DIR) : undefined;
    saved = stateDir ? readJournal(stateDir) : undefined;
    if (stateDir && saved) {
      if (saved.header.code !== codeDigest(hre.config.paths.artifacts)) {
        throw new HardhatPluginError(
          "devnet",
          `The devnet chain saved in ${stateDir} was deployed from other contract code than this checkout's. ` +
            "Run `npm start -- --reset` to start a new chain (this deletes the saved chain and database).",
        );
      }
      // The same genesis time gives the same genesis block, so replayed blocks keep their hashes.
      // (The network's provider is created on its first request, from this same config object.)
      hre.config.networks.hardhat.initialDate = new Date(saved.header.genesisTime * 1000).toISOString();
    }
    try {
      await hre.run(TASK_NODE, { hostname: "127.0.0.1", port });
    } catch (error) {
      if (String(error).includes("EADDRINUSE")) {
        throw new HardhatPluginError(
          "devnet",
          `Port ${port} on 127.0.0.1 is taken: stop what uses it or set DEVNET_PORT to a free port.`,
        );
      }
      throw error;
    }
  });

subtask(TASK_NODE_SERVER_READY).setAction(async (args: { address: string; port: number }, hre, runSuper) => {
  if (!deployOnReady) return runSuper(args);
  // `hardhat node` logs every request; the devnet prints a summary instead.
  await hre.network.provider.request({ method: "hardhat_setLoggingEnabled", params: [false] });
  const { deployDevnet, describeDevnet } = await import("../deploy/devnet");
  // Multicall3 at its canonical address, as on BNB Smart Chain (the web app's reads go through
  // it). Set before the first block on a new chain and on a replayed one alike, so both have the
  // same state at every block and the replayed blocks keep their hashes.
  await installMulticall3(hre.network.provider);
  const record =
    saved && stateDir ? await restore(hre, stateDir, saved) : await deployDevnet(hre, { timelock: withTimelock });
  if (stateDir) await keep(hre, stateDir, record, saved?.header, saved?.entries ?? []);
  console.log(describeDevnet(record, `http://${args.address}:${args.port}`));
  const { devnetDataDir } = await import("../deploy/generate");
  const { devnetRecordPath } = await import("../deploy/devnet-record");
  console.log(`\nDeployment written to ${devnetRecordPath(devnetDataDir())}. Ctrl-C stops the devnet.`);
});

const DEPLOYMENT_FILE = "deployment.json";

/** Rebuilds the saved chain and its deployment record; the chain's clock then resumes from now. */
async function restore(
  hre: HardhatRuntimeEnvironment,
  dir: string,
  journal: NonNullable<typeof saved>,
): Promise<DeploymentRecord> {
  const { saveDeployment } = await import("../deploy/generate");
  const provider = hre.network.provider;
  const genesis = (await provider.request({ method: "eth_getBlockByNumber", params: ["0x0", false] })) as { hash: Hex };
  if (genesis.hash !== journal.header.genesisHash) {
    throw new HardhatPluginError(
      "devnet",
      `The devnet could not rebuild the chain saved in ${dir}: its genesis block differs. Run \`npm start -- --reset\`.`,
    );
  }
  try {
    await replay(provider, journal.entries);
  } catch (error) {
    throw new HardhatPluginError(
      "devnet",
      `The devnet could not rebuild the chain saved in ${dir} (${error instanceof Error ? error.message : String(error)}). ` +
        "Run `npm start -- --reset` to start a new chain.",
    );
  }
  const head = (await provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    number: Hex;
    timestamp: Hex;
  };
  const last = Number(head.timestamp);
  const now = Math.floor(Date.now() / 1000);
  await provider.request({ method: "evm_setNextBlockTimestamp", params: [Math.max(now, last + 1)] });
  const record = JSON.parse(readFileSync(path.join(dir, DEPLOYMENT_FILE), "utf8")) as DeploymentRecord;
  await saveDeployment(hre, record);
  console.log(`Devnet chain restored from ${dir}: ${Number(head.number)} blocks.`);
  return record;
}

/**
 * Journals the chain from now on: every call that mines or sets state through the node's
 * provider (the JSON-RPC server's too) waits for its entries to be on disk.
 */
async function keep(
  hre: HardhatRuntimeEnvironment,
  dir: string,
  record: DeploymentRecord,
  header: JournalHeader | undefined,
  entries: JournalEntry[],
): Promise<void> {
  const provider = hre.network.provider;
  const genesis = (await provider.request({ method: "eth_getBlockByNumber", params: ["0x0", false] })) as {
    hash: Hex;
    timestamp: Hex;
  };
  const journal = recordJournal({
    provider,
    dir,
    entries,
    header: header ?? {
      version: 1,
      chainId: record.chainId,
      genesisTime: Number(genesis.timestamp),
      genesisHash: genesis.hash,
      code: codeDigest(hre.config.paths.artifacts),
    },
  });
  writeFileSync(path.join(dir, DEPLOYMENT_FILE), JSON.stringify(record, null, 2) + "\n");
  const stop = () => void journal.flush().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
