import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from "viem";

/** What went wrong with a transaction, for the sentence the user reads. */
export type TxProblem =
  | { kind: "rejected" }
  /** The contract refused: its custom error's name and arguments. */
  | { kind: "contract"; name: string; args: readonly unknown[] }
  /** The transaction was mined and reverted. */
  | { kind: "reverted" }
  /** The account has too little of the chain's coin (BNB) to pay the network fee. */
  | { kind: "noGas" }
  /** Sent, but no receipt came in time: dropped, replaced, or still waiting. */
  | { kind: "dropped" }
  /** The chain's RPC did not answer. */
  | { kind: "unreachable" }
  | { kind: "other"; message: string };

/** An error a transaction step threw, with the problem it stands for. */
export class TxError extends Error {
  constructor(
    readonly problem: TxProblem,
    message: string,
  ) {
    super(message);
  }
}

const USER_REJECTED = 4001;

/** How wallets and nodes word "the account cannot pay the gas" (MetaMask, geth, BSC's nodes, Hardhat). */
const NO_GAS = /insufficient funds|doesn't have enough funds|not enough funds|gas \* price \+ value/i;

const DROPPED = new Set([
  "WaitForTransactionReceiptTimeoutError",
  "TransactionNotFoundError",
  "TransactionReceiptNotFoundError",
]);
const UNREACHABLE = new Set(["HttpRequestError", "TimeoutError"]);

function nameOf(error: unknown): string {
  const name = typeof error === "object" && error !== null ? Reflect.get(error, "name") : undefined;
  return typeof name === "string" ? name : "";
}

function messageOf(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const details = Reflect.get(error, "details");
  const message = Reflect.get(error, "message");
  return `${typeof message === "string" ? message : ""} ${typeof details === "string" ? details : ""}`;
}

function codeOf(error: unknown): number | undefined {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined;
  return typeof code === "number" ? code : undefined;
}

/**
 * Classifies what a wallet, viem or the RPC threw. A wallet's refusal is code 4001 at any
 * depth (EIP-1193); a contract's custom error comes decoded from the simulation against the
 * deployment's RPC, which knows the ABI's errors.
 */
export function txProblem(error: unknown): TxProblem {
  if (error instanceof TxError) return error.problem;
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof UserRejectedRequestError || codeOf(e) === USER_REJECTED)) {
      return { kind: "rejected" };
    }
    // viem's error classes by name: importing them would put their code in the first visit.
    if (error.walk((e) => nameOf(e) === "InsufficientFundsError" || NO_GAS.test(messageOf(e))))
      return { kind: "noGas" };
    if (error.walk((e) => DROPPED.has(nameOf(e)))) return { kind: "dropped" };
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      return { kind: "contract", name: reverted.data.errorName, args: reverted.data.args ?? [] };
    }
    if (error.walk((e) => UNREACHABLE.has(nameOf(e)))) return { kind: "unreachable" };
    return { kind: "other", message: error.shortMessage };
  }
  if (codeOf(error) === USER_REJECTED) return { kind: "rejected" };
  if (NO_GAS.test(messageOf(error))) return { kind: "noGas" };
  return { kind: "other", message: error instanceof Error ? error.message : String(error) };
}
