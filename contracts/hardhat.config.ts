import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-verify";
import "@nomicfoundation/hardhat-viem";
import "solidity-coverage";
import "./tasks/devnet";
import "./tasks/bench-gas";
import "./tasks/generate";
import "./tasks/verify";

const SOLC_VERSION = "0.8.28";

// The machine that builds this has no route to the compiler download host: use the solc-js
// build that the pinned `solc` npm package ships.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async ({ solcVersion }: { solcVersion: string }) => {
  if (solcVersion !== SOLC_VERSION) {
    throw new Error(`Only solc ${SOLC_VERSION} is available offline; a contract asked for ${solcVersion}.`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require("solc") as { version(): string };
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: solc.version(),
  };
});

function bscNetwork() {
  const url = process.env.RPC_URL;
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  if (!url) return undefined;
  return {
    url,
    chainId: Number(process.env.CHAIN_ID ?? 56),
    gasPrice: 3_000_000_000,
    accounts: key ? [key] : [],
  };
}

const remote = bscNetwork();

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      // BNB Smart Chain runs the Cancun instruction set (transient storage, MCOPY) since its
      // 2024 hard forks; pin it so bytecode never uses an opcode the chain lacks.
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 10_000 },
    },
  },
  // Coverage compiles instrumented contracts: into folders of their own, so the plain artifacts
  // stay valid and nothing compiles again after a coverage run.
  paths:
    process.env.SOLIDITY_COVERAGE === "true"
      ? { sources: "./src", artifacts: "./coverage-artifacts", cache: "./coverage-cache" }
      : { sources: "./src" },
  networks: {
    hardhat: {
      chainId: 31337,
      // Contract-size checks stay on; coverage instrumentation needs the limit lifted.
      allowUnlimitedContractSize: process.env.SOLIDITY_COVERAGE === "true",
    },
    ...(remote ? { remote } : {}),
  },
  // Explorer verification (`npm run --workspace contracts verify -- --network remote`): one
  // Etherscan key serves every chain through its v2 API, BscScan included; the task checks it is set.
  etherscan: { apiKey: process.env.ETHERSCAN_API_KEY || process.env.BSCSCAN_API_KEY || "" },
  sourcify: { enabled: false },
  mocha: { timeout: 600_000 },
};

export default config;
