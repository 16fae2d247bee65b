import { decryptText, importPublicKey, randomSessionKey, sealSessionKey, signFields, type Fields } from "./envelope";
import {
  HTTP_ERRORS_WITH_REPLY,
  Status,
  type Data,
  type Endpoint,
  type Language,
  type Payload,
  type Reply,
} from "./protocol";

export interface ClientOptions {
  /** Origin the `/api/` paths are relative to, e.g. `http://127.0.0.1:8080`. */
  origin: string;
  /** The server's public key, base64 SPKI DER, from `GET /api/config`. */
  publicKey: string;
  fetch?: typeof fetch;
  /** Spec §7: 50 s. */
  timeoutMs?: number;
  now?: () => number;
}

export interface CallOptions {
  lang: Language;
  token?: string | null;
}

/** The failure of a call that got no `{status, msg, data}` body: network, timeout, HTTP error. */
export class TransportError extends Error {}

/**
 * An enveloped API client: one session key per instance (per page load), every call signed
 * with `l_sign` and its encrypted reply opened with the same key.
 */
export function createApiClient(options: ClientOptions) {
  const sessionKey = randomSessionKey();
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => Date.now());
  let sealed: Promise<string> | undefined;

  async function call<E extends Endpoint>(endpoint: E, payload: Payload<E>, { lang, token }: CallOptions) {
    sealed ??= importPublicKey(options.publicKey).then((key) => sealSessionKey(key, sessionKey));
    const fields: Fields = { ...(payload as Fields), lang, t: String(Math.floor(now() / 1000)) };
    if (token) fields.token = token;
    fields.l_sign = await signFields(sessionKey, fields);
    let response: Response;
    try {
      response = await doFetch(`${options.origin}/api/${endpoint}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          version: "2.0",
          client: "h5",
          sKey: await sealed,
          "think-lang": lang,
        },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 50_000),
      });
    } catch (error) {
      throw new TransportError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    // A limit's refusal (429) and a body too large (413) carry the API's body; other HTTP errors do not.
    const carried = response.ok ? undefined : HTTP_ERRORS_WITH_REPLY[response.status];
    if (!response.ok && carried === undefined) throw new TransportError(`HTTP ${response.status}`);
    const text = await response.text();
    let reply: Reply<Data<E>>;
    try {
      const json = response.headers.get("content-type")?.startsWith("text/plain")
        ? await decryptText(sessionKey, text)
        : text;
      reply = JSON.parse(json) as Reply<Data<E>>;
    } catch (error) {
      if (response.ok) throw error;
      throw new TransportError(`HTTP ${response.status}`, { cause: error });
    }
    if (!response.ok && reply?.status !== carried) throw new TransportError(`HTTP ${response.status}`);
    return reply;
  }

  return { call, sessionKey };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The data of a successful reply, or an {@link ApiError} carrying the reply's status and message. */
export function unwrap<T>(reply: Reply<T>): T {
  if (reply.status !== Status.ok) throw new ApiError(reply.status, reply.msg);
  return reply.data;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
