import hre from "hardhat";
import { getAddress, type Address } from "viem";
import { DEVNET_ACCOUNTS, type DevnetRole } from "../../deploy/accounts";
import type { DeployOptions } from "../../deploy/deploy";
import { devnetParams } from "../../deploy/params";
import { TOKEN_KEYS, type TokenKey } from "../../deploy/record";
import type { TestInterrupt } from "../../deploy/steps";

/** The timelock delay BNB Smart Chain requires. */
export const DELAY = 48n * 3600n;

/** A chain where five tokens already exist (DevTokens, deployed by someone else, with supply). */
export async function existingTokens() {
  const publicClient = await hre.viem.getPublicClient();
  const testClient = await hre.viem.getTestClient();
  const wallets = await hre.viem.getWalletClients();
  const address = (role: DevnetRole): Address => getAddress(wallets[DEVNET_ACCOUNTS[role]].account.address);
  const issuer = { client: { wallet: wallets[DEVNET_ACCOUNTS.erin] } };
  const tokens: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const token = await hre.viem.deployContract("DevToken", [key, key, address("erin")], issuer);
    await publicClient.waitForTransactionReceipt({ hash: await token.write.mint([address("alice"), 1_000n]) });
    tokens[key] = getAddress(token.address);
  }
  const head = await publicClient.getBlockNumber();
  /** The deployer's nonce before the deploy (other test files may have used the account). */
  const nonce = await publicClient.getTransactionCount({ address: address("owner") });
  return { publicClient, testClient, address, tokens: tokens as Record<TokenKey, Address>, head, nonce };
}

export type Chain = Awaited<ReturnType<typeof existingTokens>>;

/** The production deploy's options (timelock, multisig dave), recording its steps in `file`. */
export function productionOptions(c: Chain, file: string, testInterrupt?: TestInterrupt): DeployOptions {
  return {
    params: devnetParams,
    root: c.address("root"),
    treasury: c.address("treasury"),
    feeRecipient: c.address("feeRecipient"),
    tokens: c.tokens,
    timelock: { minDelay: DELAY, multisig: c.address("dave") },
    journal: { file, ...(testInterrupt ? { testInterrupt } : {}) },
  };
}
