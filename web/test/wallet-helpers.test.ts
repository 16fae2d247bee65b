import { describe, expect, it } from "vitest";
import { isUserRejection, needsAddChain } from "../src/features/wallet/eip1193";
import { onWalletConnected, broadcastWalletConnected } from "../src/features/wallet/broadcast";
import { readUrlParent } from "../src/features/wallet/url-parent";
import { ProviderRpcError } from "./support/eip1193";
import { people } from "./support/wallet-harness";

describe("reading wallets' errors", () => {
  it("knows a rejection by code, by ethers' code, through wrappers, and by wording", () => {
    expect(isUserRejection(new ProviderRpcError(4001, "x"))).toBe(true);
    expect(isUserRejection({ code: "ACTION_REJECTED" })).toBe(true);
    expect(isUserRejection(new Error("wrapped", { cause: { code: 4001 } }))).toBe(true);
    expect(isUserRejection(new Error("User denied transaction signature."))).toBe(true);
    expect(isUserRejection("User rejected the request.")).toBe(true);
    expect(isUserRejection(new ProviderRpcError(4902, "Unrecognized chain"))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
  });

  it("adds the chain on 4902 and mobile wallets' variants, never after a rejection", () => {
    expect(needsAddChain(new ProviderRpcError(4902, ""))).toBe(true);
    expect(needsAddChain(new ProviderRpcError(-32603, "", { originalError: { code: 4902 } }))).toBe(true);
    expect(needsAddChain(new ProviderRpcError(-32603, "Internal error"))).toBe(true);
    expect(needsAddChain(new Error("Chain 0x7a69 is not supported"))).toBe(true);
    expect(needsAddChain(new ProviderRpcError(4001, "User rejected the request."))).toBe(false);
    expect(needsAddChain(new ProviderRpcError(-32002, "Request already pending"))).toBe(false);
  });
});

describe("the URL's inviter (spec §2)", () => {
  it("is read from the hash route's query, or from a query before the hash", () => {
    const a = people.alice.address;
    expect(readUrlParent({ search: "", hash: `#/home?address=${a}` })).toBe(a);
    expect(readUrlParent({ search: `?address=${a}`, hash: "#/share" })).toBe(a);
    expect(readUrlParent({ search: "", hash: "#/home?address=" })).toBeNull();
    expect(readUrlParent({ search: "", hash: "#/home" })).toBeNull();
  });
});

describe("the walletConnected broadcast", () => {
  it("is a DOM CustomEvent listeners subscribe to and unsubscribe from", () => {
    const target = new EventTarget();
    const seen: string[] = [];
    const stop = onWalletConnected((account) => seen.push(account), target);
    const raw: unknown[] = [];
    target.addEventListener("walletConnected", (e) => raw.push((e as CustomEvent).detail));
    broadcastWalletConnected(people.alice.address, target);
    stop();
    broadcastWalletConnected(people.root.address, target);
    expect(seen).toEqual([people.alice.address]);
    expect(raw).toEqual([people.alice.address, people.root.address]);
  });
});
