import path from "node:path";
import { task } from "hardhat/config";
import { HardhatPluginError } from "hardhat/plugins";
import { DEPLOYMENTS_DIR } from "../deploy/generate";
import { readJournal } from "../deploy/steps";
import { explorerApiKey, verifications } from "../deploy/verify";

task("verify-deployment", "Verifies the source of every contract the deploy created on this network's explorer")
  .addFlag("force", "Verify again contracts the explorer already shows as verified")
  .setAction(async (args: { force: boolean }, hre) => {
    const sentence = (error: unknown) =>
      new HardhatPluginError("verify-deployment", error instanceof Error ? error.message : String(error));
    let apiKey: string;
    try {
      apiKey = explorerApiKey(process.env);
    } catch (error) {
      throw sentence(error);
    }
    const chainId = await (await hre.viem.getPublicClient()).getChainId();
    const file = path.join(DEPLOYMENTS_DIR, `${chainId}.journal.json`);
    const journal = readJournal(file);
    if (!journal) {
      throw new HardhatPluginError(
        "verify-deployment",
        `There is no deploy journal for chain ${chainId} (${file}): deploy first (npm run --workspace contracts deploy).`,
      );
    }
    let list;
    try {
      list = verifications(journal, file);
    } catch (error) {
      throw sentence(error);
    }
    hre.config.etherscan.apiKey = apiKey;
    await hre.run("compile", { quiet: true });
    for (const v of list) {
      console.log(`Verifying ${v.name} at ${v.address} …`);
      await hre.run("verify:verify", {
        address: v.address,
        contract: v.contract,
        constructorArguments: v.constructorArguments,
        force: args.force,
      });
    }
  });
