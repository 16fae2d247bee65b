import {
  keccak256,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
} from "viem";

export interface SentRawTransaction {
  raw: Hex;
  from: string;
  tx: ReturnType<typeof parseTransaction>;
}

/**
 * A JSON-RPC node as a `fetch`, just enough for a local account to send a transaction:
 * nonces, gas estimates, raw transactions (decoded and their sender recovered), and a
 * recorder for every other method the devnet wallet forwards.
 */
export function createFakeNode(chainId: number) {
  const sent: SentRawTransaction[] = [];
  const forwarded: { method: string; params: unknown }[] = [];

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_chainId":
        return numberToHex(chainId);
      case "eth_getTransactionCount":
        return numberToHex(sent.length);
      case "eth_estimateGas":
        return numberToHex(100_000);
      case "eth_sendRawTransaction": {
        const raw = params[0] as TransactionSerialized;
        sent.push({
          raw,
          tx: parseTransaction(raw),
          from: await recoverTransactionAddress({ serializedTransaction: raw }),
        });
        return keccak256(raw);
      }
      default:
        forwarded.push({ method, params });
        if (method === "eth_blockNumber") return "0x2a";
        throw Object.assign(new Error(`unsupported ${method}`), { code: -32601 });
    }
  }

  const fetch = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    const reply = await answer(request.method, request.params).then(
      (result) => ({ jsonrpc: "2.0", id: request.id, result }),
      (error: { code: number; message: string }) => ({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: error.code, message: error.message },
      }),
    );
    return new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } });
  };

  return { fetch, sent, forwarded };
}
