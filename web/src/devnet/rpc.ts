import { DevnetRpcError } from "./errors";

/** Forwards a JSON-RPC read (eth_call, eth_getTransactionReceipt, …) to the devnet node. */
export function createRpcForwarder(rpcUrl: string) {
  let id = 0;
  return async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
    });
    const body: unknown = await response.json();
    if (typeof body !== "object" || body === null)
      throw new DevnetRpcError(-32603, "The devnet node answered nothing.");
    const error: unknown = Reflect.get(body, "error");
    if (typeof error === "object" && error !== null) {
      throw new DevnetRpcError(Number(Reflect.get(error, "code") ?? -32603), String(Reflect.get(error, "message")));
    }
    return Reflect.get(body, "result");
  };
}
