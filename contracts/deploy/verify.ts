import type { Address } from "viem";
import type { DeployJournal, JsonArg } from "./steps";

/** One `verify:verify` call of hardhat-verify. */
export interface Verification {
  /** The artifact name, as the journal records it. */
  name: string;
  address: Address;
  /** Fully qualified, so the explorer is told exactly which source compiles to it. */
  contract: string;
  constructorArguments: JsonArg[];
}

/** The contracts a production deploy creates, by artifact name, with their source files. */
export const VERIFIED_SOURCES: Record<string, string> = {
  Pool: "src/Pool.sol",
  Staking: "src/Staking.sol",
  Timelock: "src/governance/Timelock.sol",
};

/**
 * What to verify after the deploy the journal records: Pool, Staking and (with a timelock) the
 * Timelock, each with the constructor arguments it was deployed with.
 */
export function verifications(journal: DeployJournal, file: string): Verification[] {
  if (!journal.steps.some((s) => s.step === "record" && s.done)) {
    throw new Error(`${file} records an unfinished deploy: run the deploy again to finish it, then verify.`);
  }
  return journal.steps
    .filter((s) => s.done && s.contract !== undefined && s.contract in VERIFIED_SOURCES)
    .map((s) => {
      const name = s.contract as string;
      return {
        name,
        address: s.address as Address,
        contract: `${VERIFIED_SOURCES[name]}:${name}`,
        constructorArguments: s.constructorArgs ?? [],
      };
    });
}

/**
 * The explorer API key. An Etherscan API v2 key covers BscScan (chains 56 and 97) too;
 * BSCSCAN_API_KEY is read when ETHERSCAN_API_KEY is not set.
 */
export function explorerApiKey(env: NodeJS.ProcessEnv): string {
  const key = env.ETHERSCAN_API_KEY || env.BSCSCAN_API_KEY;
  if (!key) {
    throw new Error(
      "ETHERSCAN_API_KEY is not set: give an Etherscan API key (its v2 API verifies on BscScan too), " +
        "or set BSCSCAN_API_KEY.",
    );
  }
  return key;
}
