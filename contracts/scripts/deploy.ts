// Deploys the pool and staking contracts to the network named by --network (BNB Smart Chain:
// `--network remote` with RPC_URL, CHAIN_ID=56 and DEPLOYER_PRIVATE_KEY), using the existing
// token addresses and the economics in DEPLOY_PARAMS. It mints and seeds nothing. Each finished
// step is recorded in deployments/<chainId>.journal.json, and running it again after a failure
// resumes from there. See README.
import path from "node:path";
import hre from "hardhat";
import { deploySystem } from "../deploy/deploy";
import { readDeployEnv } from "../deploy/env";
import { DEPLOYMENTS_DIR, saveDeployment } from "../deploy/generate";

async function main() {
  const env = readDeployEnv(process.env);
  const chainId = await (await hre.viem.getPublicClient()).getChainId();
  const file = path.join(DEPLOYMENTS_DIR, `${chainId}.journal.json`);
  const record = await deploySystem(hre, { ...env, journal: { file } });
  await saveDeployment(hre, record);
  console.log(JSON.stringify(record, null, 2));
  console.log(
    `Written to contracts/deployments/${chainId}.json and contracts/generated/deployments.ts ` +
      `(the steps in contracts/deployments/${chainId}.journal.json).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
