// Deploys the pool and staking contracts to the network named by --network (BNB Smart Chain:
// `--network remote` with RPC_URL, CHAIN_ID=56 and DEPLOYER_PRIVATE_KEY), using the existing
// token addresses and the economics in DEPLOY_PARAMS. It mints and seeds nothing. See README.
import hre from "hardhat";
import { deploySystem } from "../deploy/deploy";
import { readDeployEnv } from "../deploy/env";
import { saveDeployment } from "../deploy/generate";

async function main() {
  const env = readDeployEnv(process.env);
  const record = await deploySystem(hre, env);
  await saveDeployment(hre, record);
  console.log(JSON.stringify(record, null, 2));
  console.log(`Written to contracts/deployments/${record.chainId}.json and contracts/generated/deployments.ts.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
