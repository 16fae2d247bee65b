/**
 * A reference model of the queue of OpenZeppelin's TimelockController, the owner of Pool and
 * Staking in production (DESIGN.md §3, "User protections"), as the property test drives it: one
 * call per operation, no predecessor, no value. It knows when each operation becomes ready and
 * which error `schedule`, `cancel` and `execute` raise; roles are not modelled, because the test
 * schedules and cancels as the proposer only and the executor role is open to anyone.
 */
import { encodeAbiParameters, keccak256, pad, toHex, zeroHash, type Address, type Hex } from "viem";
import type { Outcome } from "./model";

/** `getTimestamp` of an executed operation. */
export const DONE_TIMESTAMP = 1n;

/** The timelock's `OperationState` numbering; its errors name the expected states as a bitmap. */
const STATE = { unset: 0n, waiting: 1n, ready: 2n, done: 3n } as const;
type State = keyof typeof STATE;

function stateBitmap(...states: State[]): Hex {
  return pad(toHex(states.reduce((bits, s) => bits | (1n << STATE[s]), 0n)), { size: 32 });
}

const unexpectedState = (id: Hex, ...expected: State[]): Outcome => ({
  ok: false,
  error: "TimelockUnexpectedOperationState",
  args: [id, stateBitmap(...expected)],
});

/** `hashOperation(target, 0, data, 0, salt)`. */
export function operationId(target: Address, data: Hex, salt: Hex): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "uint256" }, { type: "bytes" }, { type: "bytes32" }, { type: "bytes32" }],
      [target, 0n, data, zeroHash, salt],
    ),
  );
}

export class TimelockModel {
  private readonly timestamps = new Map<Hex, bigint>();

  constructor(readonly minDelay: bigint) {}

  /** `getTimestamp(id)`: 0 unknown or cancelled, `DONE_TIMESTAMP` executed, otherwise when it becomes ready. */
  timestamp(id: Hex): bigint {
    return this.timestamps.get(id) ?? 0n;
  }

  /** Waiting or ready: neither executed nor cancelled. */
  isPending(id: Hex): boolean {
    return this.timestamp(id) > DONE_TIMESTAMP;
  }

  private state(id: Hex, now: bigint): State {
    const t = this.timestamp(id);
    if (t === 0n) return "unset";
    if (t === DONE_TIMESTAMP) return "done";
    return t > now ? "waiting" : "ready";
  }

  schedule(id: Hex, delay: bigint, now: bigint): Outcome {
    if (this.timestamp(id) !== 0n) return unexpectedState(id, "unset");
    if (delay < this.minDelay) return { ok: false, error: "TimelockInsufficientDelay", args: [delay, this.minDelay] };
    this.timestamps.set(id, now + delay);
    return { ok: true };
  }

  cancel(id: Hex): Outcome {
    if (!this.isPending(id)) return unexpectedState(id, "waiting", "ready");
    this.timestamps.delete(id);
    return { ok: true };
  }

  /**
   * Runs `call` if the operation is ready. The timelock bubbles a failed call's error up and the
   * whole transaction reverts, so the operation stays ready; a successful one is done for good.
   */
  execute(id: Hex, now: bigint, call: () => Outcome): Outcome {
    if (this.state(id, now) !== "ready") return unexpectedState(id, "ready");
    const outcome = call();
    if (outcome.ok) this.timestamps.set(id, DONE_TIMESTAMP);
    return outcome;
  }
}
