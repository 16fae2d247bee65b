import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./body";

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface RpcObserver {
  /** A request arrived; it is forwarded after this returns. */
  onCall?(call: RpcCall): void;
  /** The answer to `call` has been handed back to the caller. */
  onReply?(call: RpcCall): void;
  /** Requests for which this is true are never answered (an RPC that hangs). */
  hold?(call: RpcCall): boolean;
}

/**
 * A JSON-RPC pass-through on a free loopback port that tells `observer` about every request and
 * its answer, so a test can watch what a separate process (the indexer) asks the chain without
 * touching that process.
 */
export async function startRpcProxy(target: string, observer: RpcObserver) {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      try {
        const parsed: unknown = JSON.parse(body);
        const calls = (Array.isArray(parsed) ? parsed : [parsed]).map(asCall);
        for (const call of calls) observer.onCall?.(call);
        if (calls.some((call) => observer.hold?.(call))) return;
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        res.writeHead(upstream.status, { "content-type": "application/json" });
        const answer = await upstream.text();
        res.end(answer, () => {
          for (const call of calls) observer.onReply?.(call);
        });
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function asCall(value: unknown): RpcCall {
  const call = value as { method?: unknown; params?: unknown };
  return {
    method: typeof call.method === "string" ? call.method : "",
    params: Array.isArray(call.params) ? call.params : [],
  };
}
