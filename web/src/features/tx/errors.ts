import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from "viem";

/** What went wrong with a transaction, for the sentence the user reads. */
export type TxProblem =
  | { kind: "rejected" }
  /** The contract refused: its custom error's name and arguments. */
  | { kind: "contract"; name: string; args: readonly unknown[] }
  /** The transaction was mined and reverted. */
  | { kind: "reverted" }
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
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      return { kind: "contract", name: reverted.data.errorName, args: reverted.data.args ?? [] };
    }
    return { kind: "other", message: error.shortMessage };
  }
  if (codeOf(error) === USER_REJECTED) return { kind: "rejected" };
  return { kind: "other", message: error instanceof Error ? error.message : String(error) };
}
