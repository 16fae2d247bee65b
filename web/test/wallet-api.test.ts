import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, type Language } from "@dwn/api";
import { API_TIMEOUT_MS, apiLanguage, createApiCaller, NO_REPLY } from "../src/lib/api";
import { createFakeApiServer } from "./support/fake-api-server";

const server = createFakeApiServer();

function caller({
  token,
  timeoutMs,
  language = "en-us",
}: { token?: string; timeoutMs?: number; language?: Language } = {}) {
  const expired: string[] = [];
  const call = createApiCaller({
    client: createApiClient({
      origin: "https://dwn.example",
      publicKey: server.publicKey,
      fetch: server.fetch,
      timeoutMs,
    }),
    language: () => language,
    token: () => token,
    onUnauthorized: (message) => expired.push(message),
    messages: {
      timedOut: () => "Request timed out",
      failed: () => "Request failed",
      unreachable: () => "Can't reach the server",
    },
  });
  return { call, expired };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the API wrapper (spec §7, §8; DESIGN.md §4)", () => {
  it("sends an enveloped, signed call with the token and language and returns the reply's data", async () => {
    const team = { performance: "5", friend_num: 2 };
    server.next({ reply: { status: 200, msg: "Success", data: team } });
    const { call } = caller({ token: "tok-1", language: "zh-cn" });

    expect(await call("user/getMemberTeamInfo", {})).toEqual(team);
    const sent = server.received.at(-1);
    expect(sent?.endpoint).toBe("user/getMemberTeamInfo");
    expect(sent?.signed).toBe(true);
    expect(sent?.fields).toMatchObject({ token: "tok-1", lang: "zh-cn" });
    expect(sent?.headers.get("version")).toBe("2.0");
    expect(sent?.headers.get("client")).toBe("h5");
    expect(sent?.headers.get("think-lang")).toBe("zh-cn");
  });

  it("reads the token at call time, so a call after sign-in carries the new one", async () => {
    let token: string | undefined = undefined;
    const call = createApiCaller({
      client: createApiClient({ origin: "https://dwn.example", publicKey: server.publicKey, fetch: server.fetch }),
      language: () => "en-us",
      token: () => token,
      onUnauthorized: () => undefined,
      messages: { timedOut: () => "", failed: () => "", unreachable: () => "" },
    });
    server.next({ reply: { status: 200, msg: "Success", data: [] } });
    await call("user/getFriendList", { page: "1", limit: "10" });
    expect(server.received.at(-1)?.fields.token).toBeUndefined();
    token = "fresh";
    await call("user/getFriendList", { page: "1", limit: "10" });
    expect(server.received.at(-1)?.fields.token).toBe("fresh");
  });

  it.each([
    [422, "address must be a wallet address"],
    [10001, "No such stake record"],
    [500, "The server failed; please try again later"],
  ])("status %i throws an ApiError with the server's message", async (status, msg) => {
    server.next({ reply: { status, msg, data: null } });
    const { call, expired } = caller({ token: "t" });
    const error = await failure(call("stake/getStakeById", { id: "9", page: "1", limit: "10" }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(msg);
    expect(expired).toEqual([]);
  });

  it("a limit's refusal (HTTP 429) throws an ApiError with the server's sentence, and keeps the session", async () => {
    const msg = "Too many requests; please try again in 43 seconds";
    server.next({ limited: { msg, retryAfter: 43 } });
    const { call, expired } = caller({ token: "t" });
    const error = await failure(call("NFT/getNFTList", { page: "1", limit: "10" }));
    expect(error).toMatchObject({ status: 429, message: msg });
    expect(expired).toEqual([]);
  });

  it("a 429 without the API's body (from a proxy in front): 'Request failed'", async () => {
    server.next({ http: 429 });
    const error = await failure(caller().call("notice/getList", { page: "1", limit: "10" }));
    expect(error).toMatchObject({ status: NO_REPLY, message: "Request failed" });
  });

  it("401 ends the session (the user must sign in again) and throws", async () => {
    server.next({ reply: { status: 401, msg: "Please connect your wallet and sign in again", data: null } });
    const { call, expired } = caller({ token: "stale" });
    const error = await failure(call("user/getMemberTeamInfo", {}));
    expect(error.status).toBe(401);
    expect(expired).toEqual(["Please connect your wallet and sign in again"]);
  });

  it("the network refuses the call (server down): 'Can't reach the server', not a timeout", async () => {
    server.next({ network: true });
    const error = await failure(caller().call("notice/getList", { page: "1", limit: "10" }));
    expect(error).toMatchObject({ status: NO_REPLY, message: "Can't reach the server" });
  });

  it("a call still unanswered when the timeout runs out: 'Request timed out'", async () => {
    server.next({ hang: true });
    const error = await failure(caller({ timeoutMs: 30 }).call("notice/getList", { page: "1", limit: "10" }));
    expect(error).toMatchObject({ status: NO_REPLY, message: "Request timed out" });
    expect(API_TIMEOUT_MS).toBe(50_000);
  });

  it("an HTTP error without the API's body: 'Request failed'", async () => {
    server.next({ http: 500 });
    const error = await failure(caller().call("notice/getList", { page: "1", limit: "10" }));
    expect(error).toMatchObject({ status: NO_REPLY, message: "Request failed" });
  });

  it("a proxy in front saying the server is away (502, 503, 504): 'Can't reach the server'", async () => {
    for (const http of [502, 503, 504]) {
      server.next({ http });
      const error = await failure(caller().call("notice/getList", { page: "1", limit: "10" }));
      expect(error).toMatchObject({ status: NO_REPLY, message: "Can't reach the server" });
    }
  });

  it("sends the interface language as the API's: Chinese variants zh-cn, the rest en-us", () => {
    expect(apiLanguage("zh-cn")).toBe("zh-cn");
    expect(apiLanguage("zh-TW")).toBe("zh-cn");
    expect(apiLanguage("en-us")).toBe("en-us");
    expect(apiLanguage("ar-ae")).toBe("en-us");
    expect(apiLanguage(undefined)).toBe("zh-cn");
  });
});
