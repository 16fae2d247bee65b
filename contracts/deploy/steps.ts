import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  keccak256,
  TransactionNotFoundError,
  type Abi,
  type Address,
  type Hex,
} from "viem";

/*
 * The production deploy's journal, `deployments/<chainId>.journal.json` (not the devnet's chain
 * replay in journal.ts). Each step of the deploy is appended as it finishes, with what it
 * produced; a rerun with the same inputs skips the finished steps and goes on from the first
 * unfinished one. A transaction's nonce is written before it is sent and its hash as soon as the
 * node accepts it, so a step interrupted while its transaction was in flight looks that
 * transaction up on resume instead of sending a second one.
 */

/** What a rerun must share with the run that began the journal. */
export interface JournalIdentity {
  chainId: number;
  deployer: Address;
  /** SHA-256 of the settings: the economics (DEPLOY_PARAMS), root, treasury, fee recipient, timelock. */
  settings: string;
  /** The existing token addresses (null on the devnet, where the deploy creates its own). */
  tokens: Record<string, Address> | null;
  /** SHA-256 of the compiled bytecode of every contract the deploy creates. */
  code: string;
}

/** A constructor argument as JSON holds it: integers as decimal strings. */
export type JsonArg = string | boolean | JsonArg[];

export interface JournalStep {
  step: string;
  /** The deployer's nonce for this step's transaction, written before sending. */
  nonce?: number;
  /** The transaction's hash, written before waiting for it. */
  tx?: Hex;
  /** The head block when the nonce was reserved: a transaction with that nonce is at or after it. */
  block?: number;
  /** For a deployment: the contract's artifact name, its constructor arguments, address and code hash. */
  contract?: string;
  constructorArgs?: JsonArg[];
  address?: Address;
  codeHash?: Hex;
  /** For the last step: the deployment record. */
  record?: unknown;
  done: boolean;
}

export interface DeployJournal extends JournalIdentity {
  version: 1;
  /** The first block the indexer reads: the head when the journal was begun, plus one. */
  startBlock: number;
  steps: JournalStep[];
}

/**
 * Tests only: makes the deploy throw as if the process died, after step `step` (counted from 1)
 * finished (`at: "done"`), or right after its transaction was sent and its hash written
 * (`at: "sent"`).
 */
export interface TestInterrupt {
  step: number;
  at: "sent" | "done";
}

export interface StepsOptions {
  /** The journal file; without one (the devnet) nothing is written and nothing resumed. */
  file?: string;
  testInterrupt?: TestInterrupt;
}

/** SHA-256 of a value, with bigints as decimal strings. */
export function digest(value: unknown): string {
  const json = JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  return createHash("sha256").update(json).digest("hex");
}

/** Constructor arguments as JSON holds them (and as hardhat-verify takes them). */
export function toJsonArgs(args: readonly unknown[]): JsonArg[] {
  return args.map((a): JsonArg => {
    if (typeof a === "bigint") return a.toString();
    if (typeof a === "boolean" || typeof a === "string") return a;
    if (Array.isArray(a)) return toJsonArgs(a);
    throw new Error(`A constructor argument of type ${typeof a} cannot be recorded.`);
  });
}

export function readJournal(file: string): DeployJournal | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DeployJournal) : undefined;
}

interface Outcome {
  address?: Address;
}

/** Runs the deploy's steps in order, recording each in the journal and skipping those already recorded. */
export class Steps {
  private index = 0;

  private constructor(
    private readonly hre: HardhatRuntimeEnvironment,
    readonly journal: DeployJournal,
    private readonly options: StepsOptions,
  ) {}

  /**
   * Opens the journal of `options.file` (or begins one). A journal of other inputs is refused
   * with a sentence that names what differs.
   */
  static async open(
    hre: HardhatRuntimeEnvironment,
    identity: JournalIdentity,
    options: StepsOptions = {},
  ): Promise<Steps> {
    const existing = options.file ? readJournal(options.file) : undefined;
    if (existing && options.file) {
      const differ = (Object.keys(identity) as (keyof JournalIdentity)[]).filter(
        (k) => JSON.stringify(existing[k]) !== JSON.stringify(identity[k]),
      );
      if (differ.length > 0) {
        const names: Record<keyof JournalIdentity, string> = {
          chainId: "the chain id",
          deployer: "the deployer account",
          settings: "the settings (DEPLOY_PARAMS, the root, treasury, fee recipient or timelock)",
          tokens: "the token addresses",
          code: "the compiled contracts",
        };
        throw new Error(
          `${options.file} records a deploy with other inputs: ${differ.map((k) => names[k]).join(", ")} differ. ` +
            "Run again with the same inputs to resume it, or delete that file to start a new deploy.",
        );
      }
      return new Steps(hre, existing, options);
    }
    const publicClient = await hre.viem.getPublicClient();
    const startBlock = Number(await publicClient.getBlockNumber()) + 1;
    const steps = new Steps(hre, { version: 1, ...identity, startBlock, steps: [] }, options);
    steps.save();
    return steps;
  }

  /** Deploys `contract` (an artifact name) with `args`, or finds the deployment recorded earlier. */
  async deploy(step: string, contract: string, args: readonly unknown[]): Promise<Address> {
    const recorded = this.next(step);
    if (recorded?.done) {
      const address = recorded.address as Address;
      await this.checkCode(step, address, recorded.codeHash);
      this.finished(recorded);
      return address;
    }
    const { abi, bytecode } = await this.hre.artifacts.readArtifact(contract);
    const data = encodeDeployData({ abi: abi as Abi, bytecode: bytecode as Hex, args: [...args] });
    const entry = recorded ?? this.begin({ step, contract, constructorArgs: toJsonArgs(args), done: false });
    const { address } = await this.transact(entry, { data });
    if (!address) throw new Error(`Step "${step}": the transaction created no contract.`);
    const code = await (await this.hre.viem.getPublicClient()).getCode({ address });
    if (!code) throw new Error(`Step "${step}": there is no code at ${address}.`);
    Object.assign(entry, { address: getAddress(address), codeHash: keccak256(code), done: true });
    this.finished(entry);
    return getAddress(address);
  }

  /** Calls `functionName` on `to` from the deployer, unless the journal says it was done. */
  async call(
    step: string,
    call: { to: Address; abi: Abi; functionName: string; args?: readonly unknown[] },
  ): Promise<void> {
    const recorded = this.next(step);
    if (recorded?.done) return this.finished(recorded);
    const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args });
    const entry = recorded ?? this.begin({ step, done: false });
    await this.transact(entry, { to: call.to, data });
    entry.done = true;
    this.finished(entry);
  }

  /** A step without a transaction (the final checks), run unless the journal says it was done. */
  async check(step: string, action: () => Promise<void>): Promise<void> {
    const recorded = this.next(step);
    if (recorded?.done) return this.finished(recorded);
    await action();
    this.finished(this.begin({ step, done: true }));
  }

  /** The last step: keeps the deployment record in the journal (a rerun returns it as it was). */
  async record<T>(make: () => T): Promise<T> {
    const recorded = this.next("record");
    if (recorded?.done) {
      this.finished(recorded);
      return recorded.record as T;
    }
    const record = make();
    this.finished(this.begin({ step: "record", record, done: true }));
    return record;
  }

  /** The journal's entry for the step about to run, checked to be that step. */
  private next(step: string): JournalStep | undefined {
    const recorded = this.journal.steps[this.index];
    if (recorded && recorded.step !== step) {
      throw new Error(
        `${this.options.file} records step ${this.index + 1} as "${recorded.step}", but this deploy's step ` +
          `${this.index + 1} is "${step}". Delete that file to start a new deploy.`,
      );
    }
    return recorded;
  }

  private begin(entry: JournalStep): JournalStep {
    this.journal.steps.push(entry);
    this.save();
    return entry;
  }

  private finished(entry: JournalStep): void {
    this.save();
    this.index += 1;
    const stop = this.options.testInterrupt;
    if (stop?.at === "done" && stop.step === this.index)
      throw new Error(`Test interrupt after step ${this.index} (${entry.step}).`);
  }

  /**
   * Sends the step's transaction once: a transaction recorded earlier is looked up (and waited
   * for) instead of sent again; one that was never accepted is sent with the nonce reserved for it.
   */
  private async transact(entry: JournalStep, tx: { to?: Address; data: Hex }): Promise<Outcome> {
    const publicClient = await this.hre.viem.getPublicClient();
    const [wallet] = await this.hre.viem.getWalletClients();
    const deployer = wallet.account.address;
    const mined = await publicClient.getTransactionCount({ address: deployer, blockTag: "latest" });
    if (entry.tx) {
      const known = await publicClient.getTransaction({ hash: entry.tx }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof TransactionNotFoundError) return false;
          throw error;
        },
      );
      if (known) return this.confirm(entry, entry.tx);
    }
    if (entry.nonce !== undefined && mined > entry.nonce) {
      // The nonce was used by a transaction whose hash the journal never got (the process stopped
      // between sending and writing), or that the node no longer knows: find the transaction
      // that used it and read its receipt before calling the step done.
      const used = await this.findByNonce(deployer, entry.nonce, entry.block ?? this.journal.startBlock);
      const where = `from block ${entry.block ?? this.journal.startBlock}`;
      if (!used) {
        throw new Error(
          `Step "${entry.step}": the deployer's nonce ${entry.nonce} has been used, but no transaction of the ` +
            `deployer with that nonce is on the chain ${where}. Check the account on the explorer before ` +
            `deleting ${this.options.file}.`,
        );
      }
      if (
        (used.to ? getAddress(used.to) : undefined) !== (tx.to ? getAddress(tx.to) : undefined) ||
        used.input !== tx.data
      ) {
        throw new Error(
          `Step "${entry.step}": the deployer's nonce ${entry.nonce} was used by transaction ${used.hash}, which is ` +
            `not this step's. Check the account on the explorer before deleting ${this.options.file}.`,
        );
      }
      entry.tx = used.hash;
      this.save();
      return this.confirm(entry, used.hash);
    }
    entry.nonce ??= await publicClient.getTransactionCount({ address: deployer, blockTag: "pending" });
    entry.block ??= Number(await publicClient.getBlockNumber());
    delete entry.tx;
    this.save();
    entry.tx = await wallet.sendTransaction({ ...tx, nonce: entry.nonce });
    this.save();
    const stop = this.options.testInterrupt;
    if (stop?.at === "sent" && stop.step === this.index + 1) {
      throw new Error(`Test interrupt after sending step ${this.index + 1} (${entry.step}).`);
    }
    return this.confirm(entry, entry.tx);
  }

  /** The deployer's transaction with `nonce`, searched block by block from `fromBlock`. */
  private async findByNonce(
    deployer: Address,
    nonce: number,
    fromBlock: number,
  ): Promise<{ hash: Hex; to: Address | null; input: Hex } | undefined> {
    const publicClient = await this.hre.viem.getPublicClient();
    const head = await publicClient.getBlockNumber();
    for (let n = BigInt(fromBlock); n <= head; n++) {
      const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
      const found = block.transactions.find((t) => getAddress(t.from) === getAddress(deployer) && t.nonce === nonce);
      if (found) return { hash: found.hash, to: found.to, input: found.input };
    }
    return undefined;
  }

  private async confirm(entry: JournalStep, hash: Hex): Promise<Outcome> {
    const publicClient = await this.hre.viem.getPublicClient();
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") {
      // The next run sends the step again, with a new nonce.
      delete entry.nonce;
      delete entry.tx;
      this.save();
      throw new Error(`Step "${entry.step}": transaction ${hash} reverted.`);
    }
    return receipt.contractAddress ? { address: receipt.contractAddress } : {};
  }

  private async checkCode(step: string, address: Address, codeHash: Hex | undefined): Promise<void> {
    const code = await (await this.hre.viem.getPublicClient()).getCode({ address });
    if (!code || keccak256(code) !== codeHash) {
      throw new Error(
        `Step "${step}": the code at ${address} is not what the journal recorded as deployed there. ` +
          `Delete ${this.options.file} to start a new deploy.`,
      );
    }
  }

  private save(): void {
    const file = this.options.file;
    if (!file) return;
    // Written whole and renamed, so a crash never leaves half a journal.
    writeFileSync(`${file}.tmp`, JSON.stringify(this.journal, null, 2) + "\n");
    renameSync(`${file}.tmp`, file);
  }
}
