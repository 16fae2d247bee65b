import type { IncomingMessage } from "node:http";

/** A request's whole body as UTF-8 text, for the stand-in nodes and proxies that answer JSON-RPC. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
