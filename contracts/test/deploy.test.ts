import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { rejection } from "./support/expect";
import { readFile } from "node:fs/promises";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, getContract, getContractAddress, type Address } from "viem";
import { DEVNET_ACCOUNTS, DEVNET_ROLE_NOTES, type DevnetRole } from "../deploy/accounts";
import { deploySystem } from "../deploy/deploy";
import { describeDevnet } from "../deploy/devnet";
import { freshDevnetRecord } from "../deploy/devnet-record";
import { GENERATED_MODULE, readDeployments, renderModule } from "../deploy/generate";
import { devnetParams } from "../deploy/params";
import { TOKEN_KEYS, TOKEN_META, type DeploymentRecord, type TokenKey } from "../deploy/record";
import { seedDevnet } from "../deploy/seed";
import { deployments, poolAbi, stakingAbi, tokenAbi } from "../generated/deployments";
import { deployFixture, type System } from "./support/fixture";

/** The order deploySystem deploys in: the five tokens (devnet only), then the pool and staking. */
const CONTRACT_ORDER = [...TOKEN_KEYS, "pool", "staking"] as const;
/** Configuration transactions deploySystem sends after deploying: five tiers, six pool settings, two staking settings. */
const CONFIG_TXS = 12;
/** Hardhat's first well-known account key (the owner's): printed by the devnet so a newcomer can import it. */
const OWNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

function contracts(s: System, record: DeploymentRecord) {
  const client = { public: s.publicClient, wallet: s.wallet("owner") };
  const c = record.contracts;
  return {
    pool: getContract({ address: c.pool, abi: poolAbi, client }),
    staking: getContract({ address: c.staking, abi: stakingAbi, client }),
    token: (k: TokenKey) => getContract({ address: c[k], abi: tokenAbi, client }),
  };
}

async function nonceOf(s: System, role: DevnetRole): Promise<number> {
  return s.publicClient.getTransactionCount({ address: s.address(role) });
}

/** The block in which `address` was created, searching from `from` to the head. */
async function creationBlock(s: System, address: Address, from: bigint): Promise<bigint> {
  const head = await s.publicClient.getBlockNumber();
  for (let n = from; n <= head; n++) {
    const block = await s.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      const receipt = await s.publicClient.getTransactionReceipt({ hash: tx.hash });
      if (receipt.contractAddress && getAddress(receipt.contractAddress) === getAddress(address)) return n;
    }
  }
  throw new Error(`${address} was not created in blocks ${from}..${head}`);
}

/** The runtime environment as it would be on a chain with id `chainId`: only the chain id it reads differs. */
async function onChain(chainId: number): Promise<HardhatRuntimeEnvironment> {
  const real = await hre.viem.getPublicClient();
  const publicClient = { ...real, getChainId: async () => chainId };
  const viem = { ...hre.viem, getPublicClient: async () => publicClient };
  return Object.assign(Object.create(hre) as HardhatRuntimeEnvironment, { viem });
}

/** Deploys five DevTokens (as the owner) to stand in for existing production tokens, with some supply. */
async function existingTokens(s: System): Promise<Record<TokenKey, Address>> {
  const out: Partial<Record<TokenKey, Address>> = {};
  for (const key of TOKEN_KEYS) {
    const t = await hre.viem.deployContract("DevToken", [`Real ${key}`, key.toUpperCase(), s.address("owner")]);
    await s.mined(t.write.mint([s.address("erin"), 1_000n]));
    out[key] = t.address;
  }
  return out as Record<TokenKey, Address>;
}

async function supplies(s: System, tokens: Record<TokenKey, Address>): Promise<bigint[]> {
  return Promise.all(
    TOKEN_KEYS.map((k) =>
      s.publicClient.readContract({ address: tokens[k], abi: tokenAbi, functionName: "totalSupply" }),
    ),
  );
}

describe("deploySystem on the devnet", () => {
  it("deploys the tokens, pool and staking from consecutive owner nonces, with checksummed addresses", async () => {
    const s = await loadFixture(deployFixture);
    const nonce = await nonceOf(s, "owner");
    const record = await deploySystem(hre, {
      params: devnetParams,
      root: s.address("alice"),
      treasury: s.address("bob"),
      feeRecipient: s.address("carol"),
    });
    expect(record.chainId).to.equal(31337);
    expect(record.owner).to.equal(s.address("owner"));
    expect(record.root).to.equal(s.address("alice"));
    expect(record.treasury).to.equal(s.address("bob"));
    expect(record.feeRecipient).to.equal(s.address("carol"));
    expect(Object.keys(record.contracts)).to.deep.equal([...CONTRACT_ORDER]);
    CONTRACT_ORDER.forEach((name, i) => {
      const address = record.contracts[name];
      expect(address, name).to.equal(getContractAddress({ from: s.address("owner"), nonce: BigInt(nonce + i) }));
      // Checksummed: mixed case exactly as EIP-55 spells it.
      expect(address, name).to.equal(getAddress(address.toLowerCase()));
      expect(address, name).to.not.equal(address.toLowerCase());
    });
    expect(await nonceOf(s, "owner")).to.equal(nonce + CONTRACT_ORDER.length + CONFIG_TXS);
  });

  it("writes every devnet parameter into the pool and staking, and mints nothing", async () => {
    const s = await loadFixture(deployFixture);
    const record = await deploySystem(hre, {
      params: devnetParams,
      root: s.address("root"),
      treasury: s.address("treasury"),
      feeRecipient: s.address("feeRecipient"),
    });
    const { pool, staking, token } = contracts(s, record);
    const c = record.contracts;

    expect(await pool.read.info()).to.deep.equal(
      devnetParams.tiers.map((t) => ({
        id: BigInt(t.id),
        supply: t.supply,
        sold: 0n,
        usdtprice: t.usdtprice,
        dwn8price: t.dwn8price,
        multiple: t.multiple,
        limit: t.limit,
      })),
    );
    expect(await pool.read.staticRewardPerSecond()).to.equal(devnetParams.staticRewardPerSecond);
    expect(await pool.read.directPushRate()).to.equal(devnetParams.directPushRate);
    expect(await pool.read.dynamicRates()).to.deep.equal(devnetParams.dynamicRates);
    expect(await pool.read.dwnPriceUsdt()).to.equal(devnetParams.dwnPriceUsdt);
    expect(await pool.read.makeup()).to.deep.equal([devnetParams.makeupPercent, devnetParams.maxMakeupCount]);
    expect(await pool.read.openCapitalPool()).to.equal(devnetParams.openCapitalPool);
    expect(await pool.read.owner()).to.equal(s.address("owner"));
    expect(await pool.read.root()).to.equal(s.address("root"));
    expect(await pool.read.treasury()).to.equal(s.address("treasury"));
    expect([await pool.read.usdt(), await pool.read.dwn8(), await pool.read.dwn()]).to.deep.equal([
      c.usdt,
      c.dwn9,
      c.dwn,
    ]);

    const t = devnetParams.staking;
    expect(await staking.read.stakeView()).to.deep.equal({
      dwnAmount: t.dwnAmount,
      a8Amount: t.a8Amount,
      cycle: t.cycleDays,
      gracePeriod: t.gracePeriod,
    });
    expect(await staking.read.rewardPerUnitPerSecond()).to.equal(t.rewardPerUnitPerSecond);
    expect(await staking.read.unstakeFeeRate()).to.equal(t.unstakeFeeRate);
    expect(await staking.read.collectFeeRate()).to.equal(t.collectFeeRate);
    expect(await staking.read.owner()).to.equal(s.address("owner"));
    expect(await staking.read.feeRecipient()).to.equal(s.address("feeRecipient"));
    expect([await staking.read.dwn(), await staking.read.a8(), await staking.read.udbk()]).to.deep.equal([
      c.dwn,
      c.a8,
      c.udbk,
    ]);

    for (const key of TOKEN_KEYS) {
      expect(await token(key).read.name(), key).to.equal(TOKEN_META[key].name);
      expect(await token(key).read.symbol(), key).to.equal(TOKEN_META[key].symbol);
      expect(await token(key).read.owner(), key).to.equal(s.address("owner"));
    }
    expect(await supplies(s, c)).to.deep.equal([0n, 0n, 0n, 0n, 0n]);
  });

  it("records a start block at or before the pool's and staking's deployment, and after the previous head", async () => {
    const s = await loadFixture(deployFixture);
    const headBefore = await s.publicClient.getBlockNumber();
    const record = await deploySystem(hre, {
      params: devnetParams,
      root: s.address("root"),
      treasury: s.address("treasury"),
      feeRecipient: s.address("feeRecipient"),
    });
    const start = BigInt(record.startBlock);
    expect(start).to.equal(headBefore + 1n);
    const poolBlock = await creationBlock(s, record.contracts.pool, start);
    const stakingBlock = await creationBlock(s, record.contracts.staking, start);
    expect(start <= poolBlock, `startBlock ${start} <= pool block ${poolBlock}`).to.equal(true);
    expect(poolBlock < stakingBlock).to.equal(true);
    // Nothing of the pool existed before the start block.
    expect(await s.publicClient.getCode({ address: record.contracts.pool, blockNumber: start - 1n })).to.equal(
      undefined,
    );
  });
});

describe("deploySystem with existing tokens (production)", () => {
  it("deploys only the pool and staking against the given tokens and mints nothing", async () => {
    const s = await loadFixture(deployFixture);
    const given = await existingTokens(s);
    const before = await supplies(s, given);
    expect(before).to.deep.equal([1_000n, 1_000n, 1_000n, 1_000n, 1_000n]);
    const nonce = await nonceOf(s, "owner");
    const headBefore = await s.publicClient.getBlockNumber();
    // Addresses given in lower case come back checksummed.
    const lower = Object.fromEntries(TOKEN_KEYS.map((k) => [k, given[k].toLowerCase() as Address])) as Record<
      TokenKey,
      Address
    >;
    const record = await deploySystem(hre, {
      params: devnetParams,
      root: s.address("root"),
      treasury: s.address("treasury"),
      feeRecipient: s.address("feeRecipient"),
      tokens: lower,
    });

    for (const key of TOKEN_KEYS) expect(record.contracts[key], key).to.equal(getAddress(given[key]));
    expect(record.contracts.pool).to.equal(getContractAddress({ from: s.address("owner"), nonce: BigInt(nonce) }));
    expect(record.contracts.staking).to.equal(
      getContractAddress({ from: s.address("owner"), nonce: BigInt(nonce + 1) }),
    );
    // Two deployments and the configuration: no token deployed, no mint sent.
    expect(await nonceOf(s, "owner")).to.equal(nonce + 2 + CONFIG_TXS);
    expect(await supplies(s, given)).to.deep.equal(before);
    // The pool is the first transaction, so the start block is its block.
    expect(record.startBlock).to.equal(Number(headBefore) + 1);
    expect(await creationBlock(s, record.contracts.pool, headBefore + 1n)).to.equal(headBefore + 1n);

    const { pool, staking } = contracts(s, record);
    expect(await pool.read.usdt()).to.equal(getAddress(given.usdt));
    expect(await pool.read.dwn8()).to.equal(getAddress(given.dwn9));
    expect(await staking.read.udbk()).to.equal(getAddress(given.udbk));
  });

  it("on BNB Smart Chain (56) deploys with the given tokens, hands both contracts to a 48-hour timelock and records it", async () => {
    const s = await loadFixture(deployFixture);
    const given = await existingTokens(s);
    // The multisig is a contract: here any code at an address nobody holds the key of.
    const multisig = getAddress("0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe");
    await s.testClient.setCode({ address: multisig, bytecode: "0x6000" });
    const record = await deploySystem(await onChain(56), {
      params: devnetParams,
      root: s.address("root"),
      treasury: s.address("treasury"),
      feeRecipient: s.address("feeRecipient"),
      tokens: given,
      timelock: { minDelay: 48n * 3600n, multisig },
    });
    expect(record.chainId).to.equal(56);
    expect(record.contracts.dwn).to.equal(getAddress(given.dwn));
    const timelock = record.contracts.timelock;
    expect(timelock).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(record.owner).to.equal(timelock);
    expect(record.multisig).to.equal(multisig);
    const { pool, staking } = contracts(s, record);
    expect(await pool.read.owner()).to.equal(timelock);
    expect(await staking.read.owner()).to.equal(timelock);
  });

  it("on BNB Smart Chain refuses a plain owner, a delay under 48 hours, or a multisig that is a key, before sending anything", async () => {
    const s = await loadFixture(deployFixture);
    const given = await existingTokens(s);
    const nonce = await nonceOf(s, "owner");
    const base = {
      params: devnetParams,
      root: s.address("root"),
      treasury: s.address("treasury"),
      feeRecipient: s.address("feeRecipient"),
      tokens: given,
    };
    const plain = await rejection(deploySystem(await onChain(56), base));
    expect(plain.message).to.equal(
      "On BNB Smart Chain the owner must be a timelock: set TIMELOCK_MIN_DELAY and OWNER_MULTISIG_ADDRESS.",
    );
    const short = await rejection(
      deploySystem(await onChain(56), {
        ...base,
        timelock: { minDelay: 48n * 3600n - 1n, multisig: s.address("erin") },
      }),
    );
    expect(short.message).to.equal(
      "TIMELOCK_MIN_DELAY is 172799 seconds; on BNB Smart Chain it must be at least 172800 (48 hours).",
    );
    const zero = await rejection(
      deploySystem(await onChain(56), {
        ...base,
        timelock: { minDelay: 48n * 3600n, multisig: "0x0000000000000000000000000000000000000000" },
      }),
    );
    expect(zero.message).to.equal("OWNER_MULTISIG_ADDRESS must not be the zero address.");
    const own = await rejection(
      deploySystem(await onChain(56), { ...base, timelock: { minDelay: 48n * 3600n, multisig: s.address("owner") } }),
    );
    expect(own.message).to.equal(
      "OWNER_MULTISIG_ADDRESS is the deployer's own account; on BNB Smart Chain it must be a multisig contract.",
    );
    const key = await rejection(
      deploySystem(await onChain(56), { ...base, timelock: { minDelay: 48n * 3600n, multisig: s.address("erin") } }),
    );
    expect(key.message).to.equal(
      `OWNER_MULTISIG_ADDRESS ${s.address("erin")} has no code on BNB Smart Chain: it must be a multisig contract, not a key.`,
    );
    expect(await nonceOf(s, "owner")).to.equal(nonce);
  });

  it("on another chain without token addresses refuses before sending anything", async () => {
    // The in-process chain's id cannot change, so the chain id deploySystem reads is replaced.
    const s = await loadFixture(deployFixture);
    const nonce = await nonceOf(s, "owner");
    const head = await s.publicClient.getBlockNumber();
    const error = await rejection(
      deploySystem(await onChain(56), {
        params: devnetParams,
        root: s.address("root"),
        treasury: s.address("treasury"),
        feeRecipient: s.address("feeRecipient"),
      }),
    );
    expect(error.message).to.equal(
      "Chain 56 is not the devnet: give the existing token addresses instead of deploying test tokens.",
    );
    expect(await nonceOf(s, "owner")).to.equal(nonce);
    expect(await s.publicClient.getBlockNumber()).to.equal(head);
  });
});

describe("seedDevnet", () => {
  it("refuses a record of any chain but the devnet and sends no transaction", async () => {
    const s = await loadFixture(deployFixture);
    const head = await s.publicClient.getBlockNumber();
    const nonce = await nonceOf(s, "owner");
    for (const chainId of [56, 1, 97]) {
      const error = await rejection(seedDevnet(hre, { ...s.record, chainId }));
      expect(error.message).to.equal(`Refusing to seed chain ${chainId}: only the devnet is seeded.`);
    }
    expect(await s.publicClient.getBlockNumber()).to.equal(head);
    expect(await nonceOf(s, "owner")).to.equal(nonce);
    expect(await contracts(s, s.record).token("usdt").read.totalSupply()).to.equal(0n);
  });
});

describe("the committed generated module", () => {
  it("carries the compiled ABIs of Pool, Staking and DevToken", async () => {
    expect(poolAbi).to.deep.equal((await hre.artifacts.readArtifact("Pool")).abi);
    expect(stakingAbi).to.deep.equal((await hre.artifacts.readArtifact("Staking")).abi);
    expect(tokenAbi).to.deep.equal((await hre.artifacts.readArtifact("DevToken")).abi);
  });

  it("carries every real chain's deployments/<chainId>.json and not the devnet's, and is exactly what generate.ts renders now", async () => {
    const records = await readDeployments();
    expect(deployments).to.deep.equal(Object.fromEntries(records.map((r) => [r.chainId, r])));
    expect(deployments).to.not.have.property("31337");
    expect(await readFile(GENERATED_MODULE, "utf8")).to.equal(await renderModule(hre));
  });

  it("the fresh devnet's record holds the addresses a fresh devnet deploys to: the owner's nonces 0..6, roles and start block 1", async () => {
    const s = await loadFixture(deployFixture);
    const committed = freshDevnetRecord();
    expect(committed.chainId).to.equal(31337);
    expect(committed.startBlock).to.equal(1);
    expect(committed.owner).to.equal(s.address("owner"));
    expect(committed.root).to.equal(s.address("root"));
    expect(committed.treasury).to.equal(s.address("treasury"));
    expect(committed.feeRecipient).to.equal(s.address("feeRecipient"));
    // deploySystem deploys in CONTRACT_ORDER from consecutive nonces (tested above), so a fresh chain,
    // where the owner starts at nonce 0, yields exactly these.
    const expected = Object.fromEntries(
      CONTRACT_ORDER.map((name, i) => [name, getContractAddress({ from: committed.owner, nonce: BigInt(i) })]),
    );
    expect(committed.contracts).to.deep.equal(expected);
  });
});

describe("describeDevnet", () => {
  it("lists every contract address and every demo role with its address, key and part", async () => {
    const s = await loadFixture(deployFixture);
    const url = "http://127.0.0.1:8545";
    const text = describeDevnet(s.record, url);
    const lines = text.split("\n");
    expect(lines[0]).to.equal(`Devnet (chain 31337) at ${url}`);
    for (const name of CONTRACT_ORDER) {
      const address = s.record.contracts[name];
      expect(
        lines.some((l) => l.trim().split(/\s+/).join(" ") === `${name} ${address}`),
        `${name} line`,
      ).to.equal(true);
    }
    const roles = Object.keys(DEVNET_ACCOUNTS) as DevnetRole[];
    expect(roles).to.have.length(9);
    for (const role of roles) {
      const i = lines.findIndex((l) => l.trim().startsWith(`${role} `));
      expect(i, `${role} line`).to.be.greaterThan(0);
      const [name, address, key] = lines[i].trim().split(/\s+/);
      expect([name, address]).to.deep.equal([role, s.address(role)]);
      expect(key).to.match(/^0x[0-9a-f]{64}$/);
      expect(lines[i + 1].trim()).to.equal(DEVNET_ROLE_NOTES[role]);
    }
    expect(text).to.contain(`owner         ${s.address("owner")}  ${OWNER_KEY}`);
  });
});
