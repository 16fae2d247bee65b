import { http, type HttpTransport, type HttpTransportConfig, type PublicClient } from "viem";

/**
 * viem's HTTP transport that also tells `onError` the JSON-RPC method of each request that
 * failed (after viem's own retries): no answer, an HTTP error, or an error reply.
 */
export function observedHttp(
  url: string,
  config: HttpTransportConfig,
  onError?: (method: string) => void,
): HttpTransport {
  const transport = http(url, config);
  if (!onError) return transport;
  return ((params) => {
    const inner = transport(params);
    const request: typeof inner.request = async (args, options) => {
      try {
        return await inner.request(args, options);
      } catch (error) {
        onError(args.method);
        throw error;
      }
    };
    return { ...inner, request };
  }) as HttpTransport;
}

/**
 * The chain's finalized head as the RPC answers, asked at most once per `maxAgeMs` however
 * many callers want it (callers meanwhile share the last answer or the request on the way);
 * undefined when the RPC did not answer.
 */
export function finalizedHeadReader(client: Pick<PublicClient, "getBlock">, maxAgeMs: number) {
  let last: { at: number; head: Promise<number | undefined> } | undefined;
  return (): Promise<number | undefined> => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      last = {
        at: now,
        head: client.getBlock({ blockTag: "finalized" }).then(
          (block) => Number(block.number),
          () => undefined,
        ),
      };
    }
    return last.head;
  };
}
