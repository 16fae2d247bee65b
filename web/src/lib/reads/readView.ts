import {
  decodeFunctionResult,
  encodeFunctionData,
  type Abi,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionParameters,
  type ContractFunctionReturnType,
  type DecodeFunctionResultParameters,
  type EncodeFunctionDataParameters,
} from "viem";

type ViewName<abi extends Abi> = ContractFunctionName<abi, "pure" | "view">;
type ViewArgs<abi extends Abi, name extends ViewName<abi>> = ContractFunctionArgs<abi, "pure" | "view", name>;

/**
 * A view function's result, from one `eth_call` at the latest block: viem's own ABI encoding
 * and decoding around the RPC request, typed like viem's readContract. readContract goes
 * through viem's `call` action, whose deployless-call bytecodes, multicall batching, CCIP-read
 * and error re-wrapping these reads never use, and which would add about 12 kB gzip to the
 * first visit. A failure is the RPC's (or the decoder's) own error.
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
  const result = await client.request({ method: "eth_call", params: [{ to: address, data }, "latest"] });
  return decodeFunctionResult({
    abi,
    functionName,
    args,
    data: result,
  } as DecodeFunctionResultParameters) as ContractFunctionReturnType<abi, "pure" | "view", name, args>;
}
