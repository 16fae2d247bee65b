import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { canonical, decryptText, encryptText, type Fields } from "@dwn/api";

export interface ReceivedCall {
  endpoint: string;
  headers: Headers;
  fields: Fields;
  /** Whether l_sign matched the fields under the session key the sKey header carried. */
  signed: boolean;
}

/** What the fake server does with the next call. */
export type Behaviour =
  | { reply: { status: number; msg: string; data: unknown } }
  | { http: number }
  | { network: true }
  | { hang: true }
  /** A limit's refusal as the server sends it: HTTP 429, Retry-After, a plain JSON body. */
  | { limited: { msg: string; retryAfter: number } };

/**
 * The server side of the envelope (DESIGN.md §4) as a `fetch`: it opens sKey with its RSA
 * private key, checks l_sign, and answers with an AES-sealed body, the way server/ does.
 */
export function createFakeApiServer() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const received: ReceivedCall[] = [];
  let behaviour: Behaviour = { reply: { status: 200, msg: "Success", data: null } };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const sessionKey = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(headers.get("sKey") ?? "", "base64"),
    ).toString("ascii");
    const fields: Fields = Object.fromEntries(new URLSearchParams(String(init?.body)));
    const signed = (await decryptText(sessionKey, fields.l_sign ?? "")) === canonical(fields);
    received.push({ endpoint: String(input).split("/api/")[1] ?? "", headers, fields, signed });

    if ("network" in behaviour) throw new TypeError("fetch failed");
    if ("hang" in behaviour) {
      const signal = init?.signal;
      return new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
    }
    if ("http" in behaviour) return new Response("Bad gateway", { status: behaviour.http });
    if ("limited" in behaviour) {
      return new Response(JSON.stringify({ status: 429, msg: behaviour.limited.msg, data: null }), {
        status: 429,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "retry-after": String(behaviour.limited.retryAfter),
        },
      });
    }
    const body = await encryptText(sessionKey, JSON.stringify(behaviour.reply));
    return new Response(body, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  };

  return {
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    fetch,
    received,
    next(next: Behaviour) {
      behaviour = next;
    },
  };
}
