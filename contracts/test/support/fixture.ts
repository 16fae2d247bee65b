import hre from "hardhat";
import { getAddress, maxUint256, type Address } from "viem";
import { DEVNET_ACCOUNTS, type DevnetRole } from "../../deploy/accounts";
import { deploySystem, type TimelockOptions } from "../../deploy/deploy";
import { devnetParams, type SystemParams } from "../../deploy/params";
import { TOKEN_KEYS, type TokenKey } from "../../deploy/record";
import { seedDevnet } from "../../deploy/seed";

/**
 * The system as the real deploy script leaves it on the devnet (no seed): tokens, pool and
 * staking configured with `devnetParams`, nobody funded, nobody bound.
 */
export async function deployFixture() {
  return deploy(devnetParams);
}

/** `deployFixture` plus the devnet seed: funded demo accounts, a small tree, purchases, stakes. */
export async function seededFixture() {
  const system = await deploy(devnetParams);
  await seedDevnet(hre, system.record);
  return system;
}

/**
 * The system as `deploySystem` leaves it with `params`; with `timelock`, Pool and Staking are
 * handed over to a TimelockController as on BNB Smart Chain.
 */
export async function deploy(params: SystemParams, timelock?: TimelockOptions) {
  const publicClient = await hre.viem.getPublicClient();
  const testClient = await hre.viem.getTestClient();
  const wallets = await hre.viem.getWalletClients();
  const wallet = (role: DevnetRole) => wallets[DEVNET_ACCOUNTS[role]];
  const address = (role: DevnetRole): Address => getAddress(wallet(role).account.address);
  const record = await deploySystem(hre, {
    params,
    root: address("root"),
    treasury: address("treasury"),
    feeRecipient: address("feeRecipient"),
    timelock,
  });
  const c = record.contracts;
  const pool = await hre.viem.getContractAt("Pool", c.pool);
  const staking = await hre.viem.getContractAt("Staking", c.staking);
  const tokens = Object.fromEntries(
    await Promise.all(TOKEN_KEYS.map(async (k) => [k, await hre.viem.getContractAt("DevToken", c[k])] as const)),
  ) as Record<TokenKey, Awaited<ReturnType<typeof hre.viem.getContractAt<"DevToken">>>>;

  /** The pool, the staking contract or a token as `role` sees it (writes are signed by `role`). */
  const as = (role: DevnetRole) => {
    const client = { client: { wallet: wallet(role) } };
    return {
      pool: hre.viem.getContractAt("Pool", c.pool, client),
      staking: hre.viem.getContractAt("Staking", c.staking, client),
      token: (k: TokenKey) => hre.viem.getContractAt("DevToken", c[k], client),
    };
  };

  /** Mints `amount` of each token in `keys` to `to`. */
  const fund = async (to: Address, amount: bigint, keys: readonly TokenKey[] = TOKEN_KEYS) => {
    for (const k of keys) await mined(tokens[k].write.mint([to, amount]));
  };
  /** Approves the pool (USDT, DWN9) and staking (DWN, A8) to spend everything `role` has. */
  const approveAll = async (role: DevnetRole) => {
    const t = as(role).token;
    await mined((await t("usdt")).write.approve([c.pool, maxUint256]));
    await mined((await t("dwn9")).write.approve([c.pool, maxUint256]));
    await mined((await t("dwn")).write.approve([c.staking, maxUint256]));
    await mined((await t("a8")).write.approve([c.staking, maxUint256]));
  };
  const mined = async (hash: Promise<`0x${string}`> | `0x${string}`) =>
    publicClient.waitForTransactionReceipt({ hash: await hash });

  return {
    record,
    params,
    pool,
    staking,
    tokens,
    publicClient,
    testClient,
    wallets,
    wallet,
    address,
    as,
    fund,
    approveAll,
    mined,
  };
}

export type System = Awaited<ReturnType<typeof deploy>>;
