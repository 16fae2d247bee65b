import {
  decodeFunctionResult,
  encodeFunctionData,
  type Abi,
  type Address,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionParameters,
  type ContractFunctionReturnType,
  type DecodeFunctionResultParameters,
  type EncodeFunctionDataParameters,
  type Hex,
} from "viem";
import { MULTICALL3_ADDRESS } from "@dwn/contracts/multicall3";

type ViewName<abi extends Abi> = ContractFunctionName<abi, "pure" | "view">;
type ViewArgs<abi extends Abi, name extends ViewName<abi>> = ContractFunctionArgs<abi, "pure" | "view", name>;

/** Multicall3's `aggregate3((address target, bool allowFailure, bytes callData)[])`, unnamed: decoded as arrays. */
const aggregate3Abi = [
  {
    type: "function",
    name: "aggregate3",
    stateMutability: "view",
    inputs: [{ type: "tuple[]", components: [{ type: "address" }, { type: "bool" }, { type: "bytes" }] }],
    outputs: [{ type: "tuple[]", components: [{ type: "bool" }, { type: "bytes" }] }],
  },
] as const;

interface Pending {
  to: Address;
  data: Hex;
  resolve: (data: Hex) => void;
  reject: (error: unknown) => void;
}

/** The calls waiting for the next flush, per read client. */
const queues = new WeakMap<Client, Pending[]>();

/**
 * A call the contract reverted, shaped as a node reports one (JSON-RPC code 3, "execution
 * reverted", the revert data), so lib/readError.ts's isRevert tells it from a network failure
 * as it did when each read was an `eth_call` of its own.
 */
export class CallReverted extends Error {
  readonly code = 3;
  constructor(readonly data: Hex) {
    super("execution reverted");
  }
}

/**
 * The calls made in one task of the event loop (a screen's hooks start their queries in the
 * same render commit) go out together as one `eth_call` to Multicall3's `aggregate3`, each
 * allowed to fail alone. A lone call goes the same way rather than as a plain `eth_call`: one
 * path, so a read fails in the same way whether or not another was made beside it, and less code
 * on the first visit; it costs one inner call of gas, which an `eth_call` does not pay for.
 * A failure of the whole request (the RPC did not answer) rejects every call with its error.
 */
function call(client: Client, to: Address, data: Hex): Promise<Hex> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(client);
    if (!queue) {
      queues.set(client, (queue = []));
      setTimeout(() => {
        queues.delete(client);
        void flush(client, queue!);
      });
    }
    queue.push({ to, data, resolve, reject });
  });
}

async function flush(client: Client, calls: Pending[]): Promise<void> {
  try {
    const data = encodeFunctionData({
      abi: aggregate3Abi,
      args: [calls.map(({ to, data }) => [to, true, data] as const)],
    });
    const results = decodeFunctionResult({
      abi: aggregate3Abi,
      data: await client.request({ method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data }, "latest"] }),
    });
    calls.forEach(({ resolve, reject }, i) => {
      const [success, returned] = results[i];
      if (success) resolve(returned);
      else reject(new CallReverted(returned));
    });
  } catch (error) {
    for (const { reject } of calls) reject(error);
  }
}

/**
 * A view function's result at the latest block: viem's own ABI encoding and decoding around
 * a batched call (above), typed like viem's readContract. readContract goes through viem's
 * `call` action, whose deployless-call bytecodes, multicall batching, CCIP-read and error
 * re-wrapping these reads never use, and which would add about 12 kB gzip to the first visit.
 * A failure is the RPC's error, a {@link CallReverted}, or the decoder's error.
 */
export async function readView<
  const abi extends Abi,
  name extends ViewName<abi>,
  const args extends ViewArgs<abi, name>,
>(
  client: Client,
  parameters: ContractFunctionParameters<abi, "pure" | "view", name, args, boolean>,
): Promise<ContractFunctionReturnType<abi, "pure" | "view", name, args>> {
  const { address, abi, functionName, args } = parameters as ContractFunctionParameters;
  // The generic parameters are checked above; viem's encoder and decoder take them untyped here.
  const data = encodeFunctionData({ abi, functionName, args } as EncodeFunctionDataParameters);
  return decodeFunctionResult({
    abi,
    functionName,
    args,
    data: await call(client, address, data),
  } as DecodeFunctionResultParameters) as ContractFunctionReturnType<abi, "pure" | "view", name, args>;
}
