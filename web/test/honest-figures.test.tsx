import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { createI18n } from "../src/i18n/translate";
import type { LanguageCode } from "../src/i18n/languages";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { ApiError, type RuntimeConfig } from "@dwn/api";
import { poolAbi } from "@dwn/contracts";
import { ReadFailureNotice } from "../src/app/ReadFailureNotice";
import { createQueryClient } from "../src/app/queryClient";
import { reloadForChunk, ScreenError, ScreenErrorBoundary } from "../src/app/ScreenErrorBoundary";
import { DetailCard } from "../src/features/contractDetails/components/DetailCard";
import { stakeMoment } from "../src/features/contractDetails/utils/countdown";
import { durationParts } from "../src/features/shared/utils/duration";
import { cumulativeGains, withdrawable } from "../src/features/incomeLog/utils/incomes";
import { StakeRecordCard } from "../src/features/pledge/components/StakeRecordCard";
import { contractDetailsPath, PLEDGE_IDS_OBJ, stakeIdOfLink } from "../src/features/shared/utils/pledgeIdsObj";
import { loadResources } from "../src/i18n/resources";
import { NO_REPLY } from "../src/lib/api";
import { publicClientFor } from "../src/lib/chain";
import { isTransient, readErrorText } from "../src/lib/readError";
import type { StakeInfo } from "../src/lib/reads/staking";
import { readView } from "../src/lib/reads/readView";
import { config } from "./support/wallet-harness";
import { markup } from "./support/markup";

const i18n = createI18n({ resources: await loadResources(["en-us", "zh-cn"]), language: "en-us" });
const t = i18n.t.bind(i18n);

const e18 = 10n ** 18n;

/** A deployment whose RPC does not answer: nothing listens on port 9 of the loopback. */
const downConfig: RuntimeConfig = { ...config, chain: { ...config.chain, rpcUrl: "http://127.0.0.1:9/rpc" } };

/** What a contract read throws when the RPC is down: viem's own error, URL, body and version included. */
async function failedChainRead(): Promise<unknown> {
  try {
    await readView(publicClientFor(downConfig), {
      address: config.contracts.pool,
      abi: poolAbi,
      functionName: "userHashrate",
      args: [config.contracts.usdt],
    });
  } catch (error) {
    return error;
  }
  throw new Error("the read answered");
}

/** Text that must never reach the screen: the RPC's URL, the request, the library's name and version. */
const RAW = [/127\.0\.0\.1/, /eth_call/, /Version/i, /viem/i, /Request body/i, /at \w+ \(/];

async function render(
  element: ReactElement,
  client: QueryClient = createQueryClient(),
  language: LanguageCode = "en-us",
) {
  await i18n.changeLanguage(language);
  return markup(element, { i18n, client, config: downConfig });
}

const plain = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");

describe("a failed read, as the user reads it", () => {
  it("is the catalogue's sentence naming the chain, never the RPC error's text", async () => {
    const error = await failedChainRead();
    // The error itself carries everything the screen must not show.
    expect(String((error as Error).message)).toMatch(/127\.0\.0\.1/);
    const sentence = readErrorText(error, t, config.chain.name);
    expect(sentence).toBe("Can't reach DWN Devnet. Retrying…");
    for (const raw of RAW) expect(sentence).not.toMatch(raw);
    await i18n.changeLanguage("zh-cn");
    expect(readErrorText(error, t, config.chain.name)).toBe("无法连接 DWN Devnet，正在重试…");
    await i18n.changeLanguage("en-us");
  });

  it("says the server cannot be reached when the API did not answer, and gives the API's own sentence when it refused", () => {
    expect(readErrorText(new ApiError(NO_REPLY, "Request failed"), t, "X")).toBe("Can't reach the server. Retrying…");
    expect(readErrorText(new ApiError(422, "Invalid invitation address!"), t, "X")).toBe("Invalid invitation address!");
    // Anything else a read throws (a TypeError, a decoder's error) is the chain sentence, not its text.
    expect(readErrorText(new TypeError("Cannot read properties of undefined (reading 'x')"), t, "X")).toBe(
      "Can't reach X. Retrying…",
    );
  });

  it("is retried when nothing answered, not when the answer was a refusal", async () => {
    expect(isTransient(await failedChainRead())).toBe(true);
    expect(isTransient(new ApiError(NO_REPLY, "Request timed out"))).toBe(true);
    expect(isTransient(new ApiError(500, "Server error"))).toBe(true);
    expect(isTransient(new ApiError(422, "Bad input"))).toBe(false);
    expect(isTransient(Object.assign(new Error("execution reverted"), { code: 3 }))).toBe(false);
    expect(isTransient({ message: "wrapped", cause: { details: "execution reverted: UnknownStake" } })).toBe(false);
  });

  it("shows as one notice with a retry button while a screen's read fails, and no figure", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, {
      queryKey: ["pool/user"],
      queryFn: async () => {
        throw await failedChainRead();
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise<void>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.isError) {
          stop();
          resolve();
        }
      });
    });
    const html = await render(createElement(ReadFailureNotice), client);
    expect(html).toContain('data-testid="read-failure"');
    expect(plain(html)).toContain("Can't reach DWN Devnet. Retrying…");
    expect(html).toContain('data-testid="read-failure-retry"');
    for (const raw of RAW) expect(plain(html)).not.toMatch(raw);
    expect(observer.getCurrentResult().data).toBeUndefined();
    unsubscribe();
    // Once no screen shows the failed read, the notice goes.
    expect(await render(createElement(ReadFailureNotice), client)).toBe("");
  });

  it("is absent while every read answers", async () => {
    const client = new QueryClient();
    client.setQueryData(["pool/user"], 1n);
    expect(await render(createElement(ReadFailureNotice), client)).toBe("");
  });
});

/** Seeded alice's 2-unit stake #7 as stakeInfo returns it, in its first 30-day cycle. */
const info: StakeInfo = {
  id: 7n,
  dwnAmount: 200n * e18,
  hashrate: 2n,
  startTime: 1_767_225_600n,
  endTime: 1_767_225_600n + 30n * 86_400n,
  durationPerCycle: 30n * 86_400n,
  unstakeGraceTimestamp: 1_767_225_600n + 30n * 86_400n + 48n * 3_600n,
  lastCollectTime: 1_767_225_600n,
  pastUnClaimedReward: 0n,
  user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  redeemed: false,
  status: 0n,
  cycleIndex: 0n,
  gracePeriod: 48n * 3_600n,
  rewardPerUnitPerSecond: 11_574_074_074_074n,
};

const text = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(dd|span|p)>`).exec(html)?.[1].replace(/<[^>]+>/g, "");

describe("placeholders until the first answer", () => {
  it("the detail card shows no figure, and no 0, before stakeInfo answers", async () => {
    const html = await render(
      createElement(DetailCard, {
        id: 7n,
        info: undefined,
        totalReward: undefined,
        claimable: undefined,
        now: undefined,
      }),
    );
    for (const id of ["detail-pay-dwn", "detail-days", "detail-total-reward", "detail-claimable", "detail-start"]) {
      expect(text(html, id), id).toBe("--");
    }
    expect(html).not.toMatch(/>0( |<)/);
    expect(html).not.toContain("detail-countdown");
  });

  it("a record card shows a placeholder, not 0 UDBK, while its pending reward loads", async () => {
    const record = {
      id: "7",
      status: 0 as const,
      pay_dwn: (200n * e18).toString(),
      pay_a8: (100n * e18).toString(),
      units: "2",
      days: 30,
      start_timestamp: 1_767_225_600,
      end_timestamp: 1_769_817_600,
      redeemed: false,
    };
    const html = await render(createElement(StakeRecordCard, { record, status: 0, pending: undefined, address: null }));
    expect(text(html, "stake-udbk")).toBe("--");
    const known = await render(createElement(StakeRecordCard, { record, status: 0, pending: 0n, address: null }));
    expect(text(known, "stake-udbk")).toBe("0 UDBK");
  });
});

describe("a crafted /contractDetails link", () => {
  const crafted = {
    id: "7",
    status: 1,
    pay_dwn: (999_000n * e18).toString(),
    pay_a8: "0",
    units: "9999",
    days: 1,
    start_timestamp: 1,
    end_timestamp: 2,
    redeemed: false,
    udbk_num: (5_000n * e18).toString(),
  };
  const paramsOf = (path: string) => new URLSearchParams(path.slice(path.indexOf("?") + 1));

  it("names only the stake: the id is all the screen takes from it", () => {
    expect(stakeIdOfLink(paramsOf(contractDetailsPath(crafted as never)))).toBe(7n);
    expect(stakeIdOfLink(new URLSearchParams({ id: "12" }))).toBe(12n);
    expect(stakeIdOfLink(new URLSearchParams({ [PLEDGE_IDS_OBJ]: JSON.stringify({ id: 3 }) }))).toBe(3n);
    for (const bad of ["{", "null", '{"id":"0"}', '{"id":"-1"}', '{"id":"1e3"}', '{"id":"0x10"}', '{"id":1.5}']) {
      expect(stakeIdOfLink(new URLSearchParams({ [PLEDGE_IDS_OBJ]: bad })), bad).toBeUndefined();
    }
    expect(stakeIdOfLink(new URLSearchParams())).toBeUndefined();
  });

  it("shows the chain's stake, whatever the link claims", async () => {
    const html = await render(
      createElement(DetailCard, { id: 7n, info, totalReward: "omit", claimable: 1_999_999_999_999_987_200n, now: 0n }),
    );
    expect(text(html, "detail-pay-dwn")).toBe("200 DWN");
    expect(text(html, "detail-days")).toBe("30 days");
    expect(html).not.toContain("999,000");
    expect(html).not.toContain("5,000");
    // Someone else's stake: the API's total (the owner's only) is not shown at all.
    expect(html).not.toContain("detail-total-reward");
    // What the user would receive is cut, never overstated.
    expect(text(html, "detail-claimable")).toBe("1.9999 UDBK");
    expect(html).toContain('data-status="0"');
  });
});

describe("the redeem countdown", () => {
  it("counts to the window's opening inside a cycle, then to its closing, then says it renews", () => {
    const opens = stakeMoment(info, info.endTime - (3n * 86_400n + 4n * 3_600n + 59n));
    expect(opens).toEqual({ kind: "opens", seconds: 3n * 86_400n + 4n * 3_600n + 59n });
    expect(durationParts(3n * 86_400n + 4n * 3_600n + 59n)).toEqual({ days: "3", hours: "4", minutes: "0" });
    expect(stakeMoment({ ...info, status: 1n }, info.endTime + 3_600n)).toEqual({
      kind: "closes",
      seconds: 47n * 3_600n,
    });
    expect(stakeMoment({ ...info, status: 1n }, info.unstakeGraceTimestamp + 1n)).toEqual({ kind: "renews" });
    expect(stakeMoment({ ...info, status: 2n }, 0n)).toEqual({ kind: "ended" });
  });

  it("reads in both languages", async () => {
    const now = info.endTime - (3n * 86_400n + 4n * 3_600n + 5n * 60n);
    const card = createElement(DetailCard, { id: 7n, info, totalReward: 0n, claimable: 0n, now });
    expect(text(await render(card), "detail-countdown")).toBe("Redeem opens in 3 d 4 h 5 min");
    expect(text(await render(card, undefined, "zh-cn"), "detail-countdown")).toBe("3 天 4 小时 5 分后可赎回");
  });
});

describe("cumulative gains and withdrawable", () => {
  it("are never in the wrong order: cumulative is what was paid out plus what is withdrawable", () => {
    // Independent check: for any figures the two sources can give, the total is at least the part.
    let seed = 7n;
    const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n);
    for (let i = 0; i < 500; i++) {
      const now = { staticProfit: next() * 1000n, dynamicProfit: next() % 3n === 0n ? 0n : next() };
      const collected = next() % 2n === 0n ? 0n : next() * 7n;
      const total = cumulativeGains(now, collected);
      expect(total >= withdrawable(now)).toBe(true);
      expect(total - collected).toBe(now.staticProfit + now.dynamicProfit);
    }
    // The case: 120.4177 credited, 3225.1826 withdrawable, nothing paid out yet.
    expect(cumulativeGains({ staticProfit: 3_100n * e18, dynamicProfit: 125n * e18 }, 0n)).toBe(3_225n * e18);
  });
});

describe("a screen that crashes, and a chunk gone after a deploy", () => {
  it("shows a sentence and a reload button instead of a blank page", async () => {
    const boundary = new ScreenErrorBoundary({ children: null });
    expect(ScreenErrorBoundary.getDerivedStateFromError()).toEqual({ failed: true });
    boundary.state = ScreenErrorBoundary.getDerivedStateFromError();
    const html = await render(boundary.render() as ReactElement);
    expect(plain(html)).toContain("This screen could not be shown.");
    expect(html).toContain('data-testid="screen-reload"');
    expect(plain(await render(createElement(ScreenError), undefined, "zh-cn"))).toContain("此页面无法显示。");
  });

  it("reloads once by itself, not again within a minute", () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
    };
    expect(reloadForChunk(storage, 1_000_000)).toBe(true);
    expect(reloadForChunk(storage, 1_000_000 + 59_999)).toBe(false);
    expect(reloadForChunk(storage, 1_000_000 + 60_000)).toBe(true);
  });
});

describe("explorer links of history rows", () => {
  it("point at the explorer's transaction page, and are absent without an explorer or a hash", async () => {
    const { explorerTxUrl } = await import("../src/components/ExplorerLink");
    const hash = `0x${"1f".repeat(32)}`;
    expect(explorerTxUrl("https://bscscan.com", hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl("https://bscscan.com/", hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl(null, hash)).toBeUndefined();
    expect(explorerTxUrl("https://bscscan.com", undefined)).toBeUndefined();
    expect(explorerTxUrl("https://bscscan.com", "0x12")).toBeUndefined();
  });
});

describe("reads over several RPC URLs", () => {
  it("fall back to the next URL the runtime config names when the first does not answer", async () => {
    const { createServer } = await import("node:http");
    let asked = 0;
    const node = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        asked++;
        const parsed = JSON.parse(body) as { id: number } | { id: number }[];
        const reply = (r: { id: number }) => ({ jsonrpc: "2.0", id: r.id, result: "0x7a69" });
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(reply) : reply(parsed)));
      });
    });
    await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
    try {
      const port = (node.address() as { port: number }).port;
      const twoUrls: RuntimeConfig = {
        ...downConfig,
        chain: { ...downConfig.chain, rpcUrls: [`http://127.0.0.1:${port}`] },
      };
      expect(await publicClientFor(twoUrls).request({ method: "eth_chainId" })).toBe("0x7a69");
      expect(asked).toBe(1);
      // With the unreachable URL alone, the read fails (and the screen says so).
      await expect(publicClientFor({ ...downConfig }).request({ method: "eth_chainId" })).rejects.toThrow();
    } finally {
      node.close();
    }
  });
});
