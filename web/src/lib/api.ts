import { createContext, useContext, useMemo } from "react";
import { useTranslation } from "../i18n/react";
import {
  ApiError,
  createApiClient,
  defaultLanguage,
  Status,
  TransportError,
  type ApiClient,
  type Data,
  type Endpoint,
  type Language,
  type Payload,
  type RuntimeConfig,
} from "@dwn/api";
import { isLanguageCode, toApiLanguage } from "../i18n/languages";
import { useRuntimeConfig } from "./runtime";

/** Spec §7/§9: a call that has no answer after 50 s has timed out. */
export const API_TIMEOUT_MS = 50_000;

/** The status of an {@link ApiError} for a call that got no `{status, msg, data}` reply. */
export const NO_REPLY = 0;

export type ApiCall = <E extends Endpoint>(endpoint: E, payload: Payload<E>) => Promise<Data<E>>;

export interface ApiCallerOptions {
  client: Pick<ApiClient, "call">;
  language(): Language;
  /** The signed-in session's token, read at each call so a call made after sign-in carries it. */
  token(): string | undefined;
  /** A 401 reply: the session has ended and the user must sign in again. */
  onUnauthorized(message: string): void;
  /** The localized texts of spec §8 for calls without a reply. */
  messages: { timedOut(): string; failed(): string; unreachable(): string };
}

/**
 * `call(endpoint, payload)` → the reply's data, or an {@link ApiError} with a message fit to show
 * (spec §8): the server's `msg` for 401, 422, 429, 10001 and 500 replies, "Request timed out" when
 * the server took the call but did not answer in time, "Can't reach the server" when the network
 * refused it or a proxy in front answered that the server is away (502, 503, 504), "Request
 * failed" for another HTTP error or an unreadable reply.
 */
export function createApiCaller(options: ApiCallerOptions): ApiCall {
  return async function call<E extends Endpoint>(endpoint: E, payload: Payload<E>): Promise<Data<E>> {
    let reply;
    try {
      reply = await options.client.call(endpoint, payload, { lang: options.language(), token: options.token() });
    } catch (error) {
      throw new ApiError(NO_REPLY, noReplyMessage(error, options.messages));
    }
    if (reply.status === Status.ok) return reply.data;
    if (reply.status === Status.notSignedIn) options.onUnauthorized(reply.msg);
    throw new ApiError(reply.status, reply.msg);
  };
}

function noReplyMessage(error: unknown, messages: ApiCallerOptions["messages"]): string {
  if (!(error instanceof TransportError)) return messages.failed();
  const http = /^HTTP (\d+)$/.exec(error.message);
  if (http) return ["502", "503", "504"].includes(http[1]) ? messages.unreachable() : messages.failed();
  const cause: unknown = error.cause;
  const ranOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
  return ranOut ? messages.timedOut() : messages.unreachable();
}

/** One client, so one session key, per page load and deployment (DESIGN.md §4). */
const clients = new Map<string, ApiClient>();

export function apiClientFor(config: Pick<RuntimeConfig, "publicKey">, origin = globalThis.location.origin) {
  const id = `${origin} ${config.publicKey}`;
  let client = clients.get(id);
  if (!client) {
    client = createApiClient({ origin, publicKey: config.publicKey, timeoutMs: API_TIMEOUT_MS });
    clients.set(id, client);
  }
  return client;
}

/** The signed-in session as the API needs it; the wallet feature provides it. */
export interface ApiSession {
  token(): string | undefined;
  onUnauthorized(message: string): void;
}

const signedOut: ApiSession = { token: () => undefined, onUnauthorized: () => undefined };

export const ApiSessionContext = createContext<ApiSession>(signedOut);

/** The interface language as the API speaks it (zh-cn or en-us). */
export function apiLanguage(code: string | undefined): Language {
  const lower = code?.toLowerCase();
  return isLanguageCode(lower) ? toApiLanguage(lower) : defaultLanguage;
}

/** `const call = useApi()`: enveloped API calls with the session's token and language. */
export function useApi(): ApiCall {
  const config = useRuntimeConfig();
  const session = useContext(ApiSessionContext);
  const { t, i18n } = useTranslation();
  return useMemo(
    () =>
      createApiCaller({
        client: apiClientFor(config),
        language: () => apiLanguage(i18n.language),
        token: session.token,
        onUnauthorized: session.onUnauthorized,
        messages: {
          timedOut: () => t("wallet.api.timedOut"),
          failed: () => t("wallet.api.failed"),
          unreachable: () => t("wallet.api.unreachable"),
        },
      }),
    [config, session, i18n, t],
  );
}
