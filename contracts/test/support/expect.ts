import { expect } from "chai";
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  parseEventLogs,
  type Abi,
  type Hex,
  type TransactionReceipt,
} from "viem";
import hre from "hardhat";

/** Every error any of the contracts can raise, so a revert that bubbles up from a token decodes too. */
const ALL_ABIS = ["Pool", "Staking", "DevToken", "Timelock"].flatMap(
  (name) => hre.artifacts.readArtifactSync(name).abi,
) as Abi;

/**
 * The custom error name and arguments a failed call reverted with. viem reports reverts of
 * simulated calls as `ContractFunctionRevertedError`; the devnet reports reverts of sent
 * transactions as an error deeper in the cause chain whose `data` is the revert data.
 */
export function revertOf(error: unknown): { name: string; args: readonly unknown[] } {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      return { name: reverted.data.errorName, args: reverted.data.args ?? [] };
    }
  }
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const data = (e as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x") && data.length >= 10) {
      const decoded = decodeErrorResult({ abi: ALL_ABIS, data: data as Hex });
      return { name: decoded.errorName, args: decoded.args ?? [] };
    }
  }
  throw error;
}

/** Asserts that `action` reverts with custom error `name` and, when given, exactly `args`. */
export async function expectRevert(action: Promise<unknown>, name: string, args?: readonly unknown[]): Promise<void> {
  let failure: unknown;
  try {
    await action;
  } catch (error) {
    failure = error;
  }
  if (failure === undefined) expect.fail(`expected a revert with ${name}, but the call succeeded`);
  const got = revertOf(failure);
  expect(got.name, "custom error").to.equal(name);
  if (args) expect(got.args, `${name} arguments`).to.deep.equal(args);
}

/** The decoded logs of `eventName` in `receipt`, emitted by any of the contracts. */
export function eventsOf(receipt: TransactionReceipt, eventName: string) {
  return parseEventLogs({ abi: ALL_ABIS, logs: receipt.logs, eventName });
}

/** Asserts that `receipt` holds exactly one `eventName` event, with `args` (a subset match). */
export function expectEvent(receipt: TransactionReceipt, eventName: string, args: Record<string, unknown>): void {
  const found = eventsOf(receipt, eventName);
  expect(found, `${eventName} events`).to.have.length(1);
  expect(found[0].args).to.deep.include(args);
}

/** The error `action` rejects with; fails the test if it resolves. */
export async function rejection(action: Promise<unknown>): Promise<Error> {
  try {
    await action;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  return expect.fail("expected a rejection, but it resolved");
}
