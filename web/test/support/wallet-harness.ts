import { ApiError, type RuntimeConfig } from "@dwn/api";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { isAddressEqual, verifyMessage, type Address, type Hash, type LocalAccount } from "viem";
import { chainFromConfig } from "../../src/lib/chain";
import { createWalletMachine, type WalletNotice } from "../../src/features/wallet/machine";
import { sendSetInviter, type ReferralAccess } from "../../src/features/wallet/pool";
import type { SignInApi } from "../../src/features/wallet/signin";
import type { ParentProblem, WalletState } from "../../src/features/wallet/state";
import { createSessionStorage } from "../../src/features/wallet/storage";
import type { Eip1193Provider } from "../../src/features/wallet/eip1193";
import { TestWallet } from "./eip1193";
import { MemoryStorage } from "./memory-storage";

export const config: RuntimeConfig = {
  chain: {
    id: 31337,
    name: "DWN Devnet",
    rpcUrl: "http://127.0.0.1:8545",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: "https://explorer.example",
  },
  contracts: {
    usdt: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    dwn9: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    dwn: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
    a8: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    udbk: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
    pool: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
    staking: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  },
  publicKey: "unused",
};

/**
 * The session in the flat terms of spec §3 (account, hasLogin, the popups' flags…), which the
 * tests assert: one status of the union read as the fields a screen shows.
 */
export interface WalletView {
  account?: Address;
  token?: string;
  hasLogin: boolean;
  /** The account's on-chain inviter; null when it has none (or is root); undefined until read. */
  inviter?: Address | null;
  isRoot: boolean;
  connecting: boolean;
  parentAddress: string | null;
  networkPopupVisible: boolean;
  parentPopupVisible: boolean;
  parentProblem: ParentProblem | null;
  binding: boolean;
  switching: boolean;
}

export function walletView({ session: s, parentAddress }: WalletState): WalletView {
  const token = "token" in s ? s.token : undefined;
  const referral = "referral" in s ? s.referral : undefined;
  return {
    account: "account" in s ? s.account : undefined,
    token,
    hasLogin: token !== undefined,
    inviter: referral?.inviter,
    isRoot: referral?.isRoot ?? false,
    connecting: s.status === "connecting" || s.status === "signingIn",
    parentAddress,
    networkPopupVisible: s.status === "wrongNetwork",
    parentPopupVisible: s.status === "needsInviter",
    parentProblem: s.status === "needsInviter" ? s.problem : null,
    binding: s.status === "needsInviter" && s.busy,
    switching: s.status === "wrongNetwork" && s.busy,
  };
}

export const newAccount = (): LocalAccount => privateKeyToAccount(generatePrivateKey());

/** Root of the tree, a bound member, and two accounts without an inviter. */
export const people = {
  root: newAccount(),
  alice: newAccount(),
  erin: newAccount(),
  frank: newAccount(),
};

export interface HarnessOptions {
  account?: LocalAccount;
  /** The wallet's chain; the deployment's by default. */
  chainId?: number;
  urlParent?: string | null;
  stored?: Record<string, string>;
  /** No wallet found (or the picker closed). */
  noWallet?: boolean;
  forgetWallet?(wallet: Eip1193Provider): Promise<unknown>;
}

/**
 * The connect machine wired to a TestWallet, a referral tree in memory (setInviter is sent
 * through the wallet for real, as viem encodes it), a sign-in API that checks signatures
 * like the server does, and effects that record what the user would see.
 */
export function createHarness(options: HarnessOptions = {}) {
  const wallet = new TestWallet({
    account: options.account ?? people.root,
    chainId: options.chainId ?? config.chain.id,
  });
  const storage = new MemoryStorage(options.stored);
  const tree = {
    root: people.root.address as Address,
    inviters: new Map<string, Address>([[people.alice.address.toLowerCase(), people.root.address]]),
    receiptSucceeds: true,
  };
  const pending = new Map<Hash, { account: Address; parent: Address }>();
  const seen = {
    validUser: [] as Address[],
    messages: [] as string[],
    logins: [] as Address[],
    logouts: [] as string[],
  };
  let loginError: ApiError | undefined;
  /** How the server answers a logout: at once, with a failure, or never. */
  let logoutAnswer: "ok" | "fail" | "never" = "ok";
  let tokens = 0;

  const referral: ReferralAccess = {
    root: async () => tree.root,
    inviterOf: async (account) => tree.inviters.get(account.toLowerCase()) ?? null,
    async isValidUser(address) {
      seen.validUser.push(address);
      return isAddressEqual(address, tree.root) || tree.inviters.has(address.toLowerCase());
    },
    async setInviter({ provider, account, parent }) {
      const hash = await sendSetInviter({
        provider,
        chain: chainFromConfig(config),
        pool: config.contracts.pool,
        account,
        parent,
      });
      pending.set(hash, { account, parent });
      return hash;
    },
    async succeeded(hash) {
      const tx = pending.get(hash);
      if (!tx || !tree.receiptSucceeds) return false;
      tree.inviters.set(tx.account.toLowerCase(), tx.parent);
      return true;
    },
  };

  const api: SignInApi = {
    async randomMessage(address) {
      // Non-ASCII on purpose: personal_sign must get the UTF-8 bytes.
      const message = `127.0.0.1:8080 wants you to sign in with your Ethereum account:\n${address}\n\n登录 DWN ✓\n\nNonce: ${seen.messages.length}`;
      seen.messages.push(message);
      return message;
    },
    async login(address, signature) {
      seen.logins.push(address);
      if (loginError) throw loginError;
      const message = seen.messages.at(-1) ?? "";
      if (!(await verifyMessage({ address, message, signature }))) {
        throw new ApiError(422, "The signature does not match the sign-in message and address");
      }
      tokens++;
      return `token-${tokens}`;
    },
    async logout(token) {
      seen.logouts.push(token);
      if (logoutAnswer === "fail") throw new ApiError(0, "Request failed");
      if (logoutAnswer === "never") await new Promise(() => undefined);
    },
  };

  const effects = {
    notices: [] as WalletNotice[],
    notBound: 0,
    reloads: 0,
    connected: [] as Address[],
  };
  let urlParent = options.urlParent ?? null;
  let chosen: Eip1193Provider | undefined = options.noWallet ? undefined : wallet;

  const machine = createWalletMachine({
    chain: config.chain,
    storage: createSessionStorage(storage),
    referral,
    api,
    chooseProvider: async () => chosen,
    readUrlParent: () => urlParent,
    forgetWallet: options.forgetWallet,
    effects: {
      notify: (notice) => effects.notices.push(notice),
      goNotBound: () => effects.notBound++,
      reload: () => effects.reloads++,
      connected: (account) => effects.connected.push(account),
    },
  });

  return {
    machine,
    wallet,
    storage,
    tree,
    seen,
    effects,
    /** The session in spec §3's flat terms, as screens read it. */
    state: () => walletView(machine.getState()),
    /** The keys of the notices shown, in order (texts for server messages). */
    notices: () => effects.notices.map((n) => ("key" in n ? n.key : n.text)),
    setUrlParent: (value: string | null) => (urlParent = value),
    setChosen: (provider: Eip1193Provider | undefined) => (chosen = provider),
    failLogin: (error: ApiError | undefined) => (loginError = error),
    answerLogout: (answer: typeof logoutAnswer) => (logoutAnswer = answer),
  };
}
