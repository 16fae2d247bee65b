import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { poolAbi } from "@dwn/contracts";
import { freshDevnetRecord } from "@dwn/contracts/devnet";
import { encodeFunctionData, getAddress, stringToHex, verifyMessage, type Hex } from "viem";
import { devnetAccounts, type DevnetAccount } from "../src/devnet/accounts";
import { announceDevnetWallet, DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS } from "../src/devnet/announce";
import { createDevnetProvider, type DevnetUi } from "../src/devnet/provider";
import { createWalletDiscovery, type DiscoveryTarget } from "../src/features/wallet/discovery";
import { chainFromConfig, GAS_PRICE } from "../src/lib/chain";
import { createFakeNode } from "./support/fake-node";
import { MemoryStorage } from "./support/memory-storage";
import { config, createHarness } from "./support/wallet-harness";

const byRole = (role: string): DevnetAccount => {
  const found = devnetAccounts().find((a) => a.role === role);
  if (!found) throw new Error(role);
  return found;
};

/** A user who picks `role`, and answers every confirmation with `confirm`. */
function scriptedUi(role: string | undefined, confirm = true) {
  const asked: string[] = [];
  const ui: DevnetUi = {
    chooseAccount: async (accounts) => {
      asked.push(`choose ${accounts.length}`);
      return accounts.find((a) => a.role === role);
    },
    confirmSignature: async ({ message }) => {
      asked.push(`sign ${message.split("\n")[0]}`);
      return confirm;
    },
    confirmTransaction: async ({ call, value }) => {
      asked.push(`send ${call} ${value}`);
      return confirm;
    },
  };
  return { ui, asked };
}

let node: ReturnType<typeof createFakeNode>;
beforeEach(() => {
  node = createFakeNode(config.chain.id);
  vi.stubGlobal("fetch", node.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function devnetWallet(role: string | undefined, confirm = true, storage = new MemoryStorage()) {
  const { ui, asked } = scriptedUi(role, confirm);
  const provider = createDevnetProvider({ accounts: devnetAccounts, chain: chainFromConfig(config), ui, storage });
  return { provider, asked, storage };
}

describe("the devnet wallet's accounts", () => {
  it("are the seed's demo accounts, named by their part", () => {
    const devnet = freshDevnetRecord();
    expect(byRole("owner").account.address).toBe(devnet.owner);
    expect(byRole("root").account.address).toBe(devnet.root);
    expect(byRole("treasury").account.address).toBe(devnet.treasury);
    expect(byRole("feeRecipient").account.address).toBe(devnet.feeRecipient);
    expect(devnetAccounts().map((a) => a.role)).toEqual([
      "owner",
      "root",
      "treasury",
      "feeRecipient",
      "alice",
      "bob",
      "carol",
      "dave",
      "erin",
    ]);
  });
});

describe("the devnet wallet (EIP-1193)", () => {
  it("connects the account the user picks, remembers it, and forgets it on revoke", async () => {
    const { provider, asked, storage } = devnetWallet("alice");
    expect(await provider.request({ method: "eth_accounts" })).toEqual([]);
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([byRole("alice").account.address]);
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([byRole("alice").account.address]);
    expect(asked).toEqual(["choose 9"]);
    expect(await provider.request({ method: "eth_accounts" })).toEqual([byRole("alice").account.address]);

    const changes: unknown[] = [];
    provider.on("accountsChanged", (accounts) => changes.push(accounts));
    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(changes).toEqual([[]]);
    expect(storage.snapshot()).toEqual({});
    expect(await provider.request({ method: "eth_accounts" })).toEqual([]);
  });

  it("a closed account picker is a rejection (4001)", async () => {
    const { provider } = devnetWallet(undefined);
    await expect(provider.request({ method: "eth_requestAccounts" })).rejects.toMatchObject({ code: 4001 });
  });

  it("is on the devnet chain and knows no other", async () => {
    const { provider } = devnetWallet("alice");
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(
      await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] }),
    ).toBeNull();
    await expect(
      provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x38" }] }),
    ).rejects.toMatchObject({ code: 4902 });
  });

  it("signs a message after the user confirms it, and refuses when they do not", async () => {
    const message = "Sign in to DWN ✓";
    const { provider, asked } = devnetWallet("root");
    await provider.request({ method: "eth_requestAccounts" });
    const address = byRole("root").account.address;
    const signature = (await provider.request({
      method: "personal_sign",
      params: [stringToHex(message), address],
    })) as Hex;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    expect(asked).toContain("sign Sign in to DWN ✓");

    const refusing = devnetWallet("root", false);
    await refusing.provider.request({ method: "eth_requestAccounts" });
    await expect(
      refusing.provider.request({ method: "personal_sign", params: [stringToHex(message), address] }),
    ).rejects.toMatchObject({ code: 4001 });
  });

  it("signs only for the connected account (4100 otherwise)", async () => {
    const { provider } = devnetWallet("root");
    await expect(
      provider.request({ method: "personal_sign", params: ["0x00", byRole("root").account.address] }),
    ).rejects.toMatchObject({ code: 4100 });
    await provider.request({ method: "eth_requestAccounts" });
    await expect(
      provider.request({ method: "personal_sign", params: ["0x00", byRole("alice").account.address] }),
    ).rejects.toMatchObject({ code: 4100 });
  });

  it("sends a confirmed transaction signed locally, with the gas price asked for", async () => {
    const { provider, asked } = devnetWallet("erin");
    await provider.request({ method: "eth_requestAccounts" });
    const data = encodeFunctionData({
      abi: poolAbi,
      functionName: "setInviter",
      args: [byRole("alice").account.address],
    });
    const from = byRole("erin").account.address;
    await provider.request({
      method: "eth_sendTransaction",
      params: [{ from, to: config.contracts.pool, data, gasPrice: `0x${GAS_PRICE.toString(16)}` }],
    });
    expect(asked.at(-1)).toBe(`send setInviter(${byRole("alice").account.address}) 0`);
    expect(node.sent).toHaveLength(1);
    const [{ tx, from: signer }] = node.sent;
    expect(signer).toBe(from);
    expect(tx).toMatchObject({ to: config.contracts.pool.toLowerCase(), data, gasPrice: GAS_PRICE, chainId: 31337 });
  });

  it("sends nothing the user declines", async () => {
    const { provider } = devnetWallet("erin", false);
    await provider.request({ method: "eth_requestAccounts" });
    await expect(
      provider.request({
        method: "eth_sendTransaction",
        params: [{ from: byRole("erin").account.address, to: config.contracts.pool, data: "0x" }],
      }),
    ).rejects.toMatchObject({ code: 4001 });
    expect(node.sent).toEqual([]);
  });

  it("forwards reads to the devnet node, with the node's errors", async () => {
    const { provider } = devnetWallet("alice");
    expect(await provider.request({ method: "eth_blockNumber" })).toBe("0x2a");
    await expect(provider.request({ method: "eth_foo" })).rejects.toMatchObject({ code: -32601 });
    expect(node.forwarded.map((f) => f.method)).toEqual(["eth_blockNumber", "eth_foo"]);
  });
});

describe("the devnet wallet in the app", () => {
  it("is announced through EIP-6963 and found by the app's discovery", () => {
    const target = new EventTarget();
    const discovery = createWalletDiscovery(target as DiscoveryTarget);
    const { provider } = devnetWallet("alice");
    const stopAnnouncing = announceDevnetWallet(target, provider);
    discovery.start();
    expect(discovery.list().map((o) => [o.name, o.rdns])).toEqual([[DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS]]);
    expect(discovery.list()[0].icon).toMatch(/^data:image\/svg\+xml,/);
    stopAnnouncing();
  });

  it("connects, binds and signs in through the connect flow", async () => {
    const h = createHarness({ urlParent: byRole("alice").account.address });
    h.tree.root = byRole("root").account.address;
    h.tree.inviters.set(byRole("alice").account.address.toLowerCase(), byRole("root").account.address);
    const { provider, asked } = devnetWallet("erin");
    h.setChosen(provider);

    await h.machine.connect();
    expect(h.state()).toMatchObject({ account: byRole("erin").account.address, parentPopupVisible: true });
    await h.machine.bind();

    expect(node.sent).toHaveLength(1);
    expect(getAddress(node.sent[0].tx.to ?? "")).toBe(config.contracts.pool);
    expect(node.sent[0].tx.gasPrice).toBe(GAS_PRICE);
    expect(asked.map((a) => a.split(" ")[0])).toEqual(["choose", "send", "sign"]);
    expect(h.state()).toMatchObject({ hasLogin: true, inviter: byRole("alice").account.address });
  });
});
