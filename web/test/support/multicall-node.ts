import {
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  multicall3Abi,
  type Address,
  type Hex,
} from "viem";
import { MULTICALL3_ADDRESS } from "@dwn/contracts/multicall3";

export interface InnerCall {
  to: Address;
  data: Hex;
}

/**
 * A client whose stand-in node answers the app's contract reads as they reach it: one `eth_call`
 * to Multicall3's `aggregate3`. The node takes the call apart with viem's own Multicall3 ABI,
 * answers each inner call with `answer` and returns the results encoded as Multicall3 returns
 * them. `batches` records each request's inner calls. For the tests of what each read asks and
 * decodes; the batching itself is tested against a real node (read-batch.test.ts). An `answer`
 * that throws fails the whole request (a test's "unexpected call").
 */
export function multicallClient(answer: (call: InnerCall) => Hex) {
  const batches: InnerCall[][] = [];
  const client = createClient({
    transport: custom({
      async request({ method, params }) {
        const [{ to, data }] = params as [InnerCall];
        if (method !== "eth_call" || to !== MULTICALL3_ADDRESS) throw new Error(`unexpected ${method} to ${to}`);
        const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
        if (functionName !== "aggregate3") throw new Error(`unexpected Multicall3.${functionName}`);
        const calls = args[0].map((call) => {
          if (!call.allowFailure) throw new Error("a read that may not fail alone");
          return { to: call.target, data: call.callData };
        });
        batches.push(calls);
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: "aggregate3",
          result: calls.map((call) => ({ success: true, returnData: answer(call) })),
        });
      },
    }),
  });
  return { client, batches };
}
