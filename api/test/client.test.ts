import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { createApiClient, TransportError } from "../src/client";
import { encryptText } from "../src/envelope";
import { Status } from "../src/protocol";

/** How the client reads what comes back: replies, a limit's 429, and HTTP errors without a reply. */

const spki = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64");

function clientAnswering(answer: (sessionKey: string) => Promise<Response> | Response) {
  let sessionKey = "";
  const api = createApiClient({
    origin: "https://dwn.example",
    publicKey: spki,
    fetch: async () => answer(sessionKey),
  });
  sessionKey = api.sessionKey;
  return api;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

describe("the API client", () => {
  it("opens a sealed reply", async () => {
    const reply = { status: Status.ok, msg: "Success", data: [] };
    const api = clientAnswering(
      async (key) =>
        new Response(await encryptText(key, JSON.stringify(reply)), {
          status: 200,
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
    );
    assert.deepEqual(await api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }), reply);
  });

  it("returns a limit's HTTP 429 answer as the reply it carries", async () => {
    const reply = { status: Status.tooMany, msg: "请求过于频繁，请 12 秒后再试", data: null };
    const api = clientAnswering(() => json(reply, 429, { "retry-after": "12" }));
    assert.deepEqual(await api.call("user/getMemberTeamInfo", {}, { lang: "zh-cn", token: "t" }), reply);
  });

  it("returns a too-large body's HTTP 413 answer as the bad-input reply it carries", async () => {
    const reply = { status: Status.badInput, msg: "The request is too large", data: null };
    const api = clientAnswering(() => json(reply, 413));
    assert.deepEqual(await api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }), reply);
    const other = clientAnswering(() => json({ status: Status.tooMany, msg: "x", data: null }, 413));
    await assert.rejects(
      other.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }),
      (error: unknown) => error instanceof TransportError && error.message === "HTTP 413",
    );
  });

  it("a 429 without the API's body, or with another status in it, is a transport error", async () => {
    for (const response of [
      () => new Response("Too Many Requests", { status: 429, headers: { "content-type": "text/html" } }),
      () => json({ status: Status.ok, msg: "Success", data: null }, 429),
      () => new Response("", { status: 429 }),
    ]) {
      const api = clientAnswering(response);
      await assert.rejects(
        api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }),
        (error: unknown) => error instanceof TransportError && error.message === "HTTP 429",
      );
    }
  });

  it("any other HTTP error is a transport error, whatever its body", async () => {
    const api = clientAnswering(() => json({ status: Status.serverFault, msg: "x", data: null }, 502));
    await assert.rejects(
      api.call("notice/getList", { page: "1", limit: "10" }, { lang: "en-us" }),
      (error: unknown) => error instanceof TransportError && error.message === "HTTP 502",
    );
  });
});
