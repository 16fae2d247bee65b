import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import type { Referral, WalletSession, WalletState, WalletStatus } from "../src/features/wallet/state";
import { transition, type WalletEvent, type WalletEventType } from "../src/features/wallet/transition";

const me: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const other: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const inviter: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const invite = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

const root: Referral = { isRoot: true, inviter: null };
const bound: Referral = { isRoot: false, inviter };
const unbound = { isRoot: false, inviter: null } as const;

/** One session of each kind, and its variants that events treat differently. */
const s = {
  signedOut: { status: "signedOut" },
  connecting: { status: "connecting" },
  connectingAs: { status: "connecting", account: me },
  wrongNetwork: { status: "wrongNetwork", account: me, busy: false },
  wrongNetworkSignedIn: { status: "wrongNetwork", account: me, token: "t", referral: bound, busy: false },
  switching: { status: "wrongNetwork", account: me, busy: true },
  needsInviter: { status: "needsInviter", account: me, referral: unbound, parent: invite, problem: null, busy: false },
  binding: { status: "needsInviter", account: me, referral: unbound, parent: invite, problem: null, busy: true },
  signingIn: { status: "signingIn", account: me, referral: bound },
  signedIn: { status: "signedIn", account: me, token: "t", referral: bound },
  resumed: { status: "signedIn", account: me, token: "t" },
} satisfies Record<string, WalletSession>;

type Case = [from: WalletSession, event: WalletEvent, to: WalletSession | "ignored"];
const ignored = (from: WalletSession, event: WalletEvent): Case => [from, event, "ignored"];

const e = {
  connect: { type: "connectStarted" },
  granted: { type: "accountGranted", account: other },
  wrongChain: { type: "wrongChain" },
  root: { type: "referralRead", referral: root },
  bound: { type: "referralRead", referral: bound },
  unbound: { type: "referralRead", referral: unbound },
  inviter: { type: "inviterNeeded", parent: invite, problem: "outsideTree" },
  token: { type: "signedIn", token: "t2" },
  resumed: { type: "resumed", account: other, token: "t3" },
  busy: { type: "busy", busy: true },
  idle: { type: "busy", busy: false },
  stopped: { type: "stopped" },
  signedOut: { type: "signedOut", parent: invite },
  inviteChanged: { type: "inviteChanged", parent: null },
} satisfies Record<string, WalletEvent>;

/** Every invite-only event keeps the session as it is; the invite itself is checked below. */
const keepsSession = (from: WalletSession): Case => [from, e.inviteChanged, from];
const out: WalletSession = { status: "signedOut" };

/**
 * Every (status × event) pair, by the type: a status or an event added without its rows fails
 * the typecheck, and the test below fails at run time too. A pair is either the session it
 * leads to or "ignored" (the very same state comes back).
 */
const table: { [S in WalletStatus]: { [E in WalletEventType]: Case[] } } = {
  signedOut: {
    connectStarted: [[s.signedOut, e.connect, s.connecting]],
    accountGranted: [ignored(s.signedOut, e.granted)],
    wrongChain: [ignored(s.signedOut, e.wrongChain)],
    referralRead: [ignored(s.signedOut, e.bound)],
    inviterNeeded: [ignored(s.signedOut, e.inviter)],
    signedIn: [ignored(s.signedOut, e.token)],
    resumed: [ignored(s.signedOut, e.resumed)],
    busy: [ignored(s.signedOut, e.busy)],
    stopped: [ignored(s.signedOut, e.stopped)],
    signedOut: [[s.signedOut, e.signedOut, s.signedOut]],
    inviteChanged: [keepsSession(s.signedOut)],
  },
  connecting: {
    connectStarted: [ignored(s.connecting, e.connect), ignored(s.connectingAs, e.connect)],
    accountGranted: [
      [s.connecting, e.granted, { status: "connecting", account: other }],
      [s.connectingAs, e.granted, { status: "connecting", account: other }],
    ],
    wrongChain: [ignored(s.connecting, e.wrongChain), [s.connectingAs, e.wrongChain, s.wrongNetwork]],
    referralRead: [
      ignored(s.connecting, e.bound),
      [s.connectingAs, e.root, { status: "signingIn", account: me, referral: root }],
      [s.connectingAs, e.bound, { status: "signingIn", account: me, referral: bound }],
      ignored(s.connectingAs, e.unbound),
    ],
    inviterNeeded: [
      ignored(s.connecting, e.inviter),
      [
        s.connectingAs,
        e.inviter,
        { status: "needsInviter", account: me, referral: unbound, parent: invite, problem: "outsideTree", busy: false },
      ],
    ],
    signedIn: [ignored(s.connectingAs, e.token)],
    resumed: [
      [s.connecting, e.resumed, { status: "signedIn", account: other, token: "t3" }],
      ignored(s.connectingAs, e.resumed),
    ],
    busy: [ignored(s.connectingAs, e.busy)],
    stopped: [
      [s.connecting, e.stopped, out],
      [s.connectingAs, e.stopped, out],
    ],
    signedOut: [
      [s.connecting, e.signedOut, out],
      [s.connectingAs, e.signedOut, out],
    ],
    inviteChanged: [keepsSession(s.connecting)],
  },
  wrongNetwork: {
    connectStarted: [
      [s.wrongNetwork, e.connect, s.connecting],
      [s.wrongNetworkSignedIn, e.connect, s.connecting],
      ignored(s.switching, e.connect),
    ],
    accountGranted: [ignored(s.wrongNetwork, e.granted)],
    wrongChain: [ignored(s.wrongNetwork, e.wrongChain), ignored(s.switching, e.wrongChain)],
    referralRead: [
      [s.wrongNetwork, e.root, { ...s.wrongNetwork, referral: root }],
      [s.wrongNetworkSignedIn, e.unbound, { ...s.wrongNetworkSignedIn, referral: unbound }],
    ],
    inviterNeeded: [ignored(s.wrongNetwork, e.inviter)],
    signedIn: [ignored(s.wrongNetwork, e.token)],
    resumed: [ignored(s.wrongNetwork, e.resumed)],
    busy: [
      [s.wrongNetwork, e.busy, s.switching],
      [s.switching, e.idle, s.wrongNetwork],
      ignored(s.wrongNetwork, e.idle),
      ignored(s.switching, e.busy),
    ],
    stopped: [ignored(s.wrongNetwork, e.stopped)],
    signedOut: [
      [s.wrongNetworkSignedIn, e.signedOut, out],
      [s.switching, e.signedOut, out],
    ],
    inviteChanged: [keepsSession(s.wrongNetworkSignedIn)],
  },
  needsInviter: {
    connectStarted: [[s.needsInviter, e.connect, s.connecting], ignored(s.binding, e.connect)],
    accountGranted: [ignored(s.needsInviter, e.granted)],
    wrongChain: [
      [s.needsInviter, e.wrongChain, { ...s.wrongNetwork, referral: unbound }],
      [s.binding, e.wrongChain, { ...s.wrongNetwork, referral: unbound }],
    ],
    referralRead: [
      [s.binding, e.bound, { status: "signingIn", account: me, referral: bound }],
      ignored(s.binding, e.unbound),
    ],
    inviterNeeded: [ignored(s.needsInviter, e.inviter)],
    signedIn: [ignored(s.binding, e.token)],
    resumed: [ignored(s.needsInviter, e.resumed)],
    busy: [
      [s.needsInviter, e.busy, s.binding],
      [s.binding, e.idle, s.needsInviter],
      ignored(s.needsInviter, e.idle),
      ignored(s.binding, e.busy),
    ],
    stopped: [ignored(s.needsInviter, e.stopped)],
    signedOut: [
      [s.needsInviter, e.signedOut, out],
      [s.binding, e.signedOut, out],
    ],
    inviteChanged: [keepsSession(s.needsInviter)],
  },
  signingIn: {
    connectStarted: [ignored(s.signingIn, e.connect)],
    accountGranted: [ignored(s.signingIn, e.granted)],
    wrongChain: [[s.signingIn, e.wrongChain, { ...s.wrongNetwork, referral: bound }]],
    referralRead: [[s.signingIn, e.root, { ...s.signingIn, referral: root }]],
    inviterNeeded: [ignored(s.signingIn, e.inviter)],
    signedIn: [[s.signingIn, e.token, { status: "signedIn", account: me, token: "t2", referral: bound }]],
    resumed: [ignored(s.signingIn, e.resumed)],
    busy: [ignored(s.signingIn, e.busy)],
    stopped: [[s.signingIn, e.stopped, out]],
    signedOut: [[s.signingIn, e.signedOut, out]],
    inviteChanged: [keepsSession(s.signingIn)],
  },
  signedIn: {
    connectStarted: [ignored(s.signedIn, e.connect)],
    accountGranted: [ignored(s.signedIn, e.granted)],
    wrongChain: [
      [s.signedIn, e.wrongChain, s.wrongNetworkSignedIn],
      [s.resumed, e.wrongChain, { status: "wrongNetwork", account: me, token: "t", busy: false }],
    ],
    referralRead: [
      [s.resumed, e.bound, s.signedIn],
      [s.signedIn, e.root, { ...s.signedIn, referral: root }],
    ],
    inviterNeeded: [ignored(s.signedIn, e.inviter)],
    signedIn: [ignored(s.signedIn, e.token)],
    resumed: [ignored(s.signedIn, e.resumed)],
    busy: [ignored(s.signedIn, e.busy)],
    stopped: [ignored(s.signedIn, e.stopped)],
    signedOut: [[s.signedIn, e.signedOut, out]],
    inviteChanged: [keepsSession(s.signedIn)],
  },
};

/** The statuses and event types, listed apart from the table so a missing row shows. */
const statuses: WalletStatus[] = ["signedOut", "connecting", "wrongNetwork", "needsInviter", "signingIn", "signedIn"];
const eventTypes: WalletEventType[] = [...new Set(Object.values(e).map((event) => event.type))];

const state = (session: WalletSession, parentAddress: string | null = null): WalletState => ({
  session,
  parentAddress,
});

describe("the wallet session's transitions", () => {
  it("has rows for every status and every event, each row from its own status", () => {
    expect(Object.keys(table).sort()).toEqual([...statuses].sort());
    for (const status of statuses) {
      expect(Object.keys(table[status]).sort()).toEqual([...eventTypes].sort());
      for (const type of eventTypes) {
        const rows = table[status][type];
        expect(rows.length, `${status} × ${type}`).toBeGreaterThan(0);
        for (const [from, event] of rows) {
          expect(from.status).toBe(status);
          expect(event.type).toBe(type);
        }
      }
    }
  });

  const rows = statuses.flatMap((status) => eventTypes.flatMap((type) => table[status][type]));
  it.each(rows.map((row) => [JSON.stringify(row[0]), JSON.stringify(row[1]), row] as const))(
    "%s × %s",
    (_from, _event, [from, event, to]) => {
      const before = state(from, invite);
      const after = transition(before, event);
      if (to === "ignored") {
        expect(after).toBe(before);
        return;
      }
      expect(after.session).toEqual(to);
      const parent = event.type === "signedOut" || event.type === "inviteChanged" ? event.parent : invite;
      expect(after.parentAddress).toBe(parent);
    },
  );

  it("an invite is kept across sessions and changed only by a sign-out or an invite event", () => {
    let current = state(s.signedOut, invite);
    for (const event of [e.connect, { type: "accountGranted", account: me }, e.bound, e.token] as WalletEvent[]) {
      current = transition(current, event);
      expect(current.parentAddress).toBe(invite);
    }
    expect(current.session).toEqual({ status: "signedIn", account: me, token: "t2", referral: bound });
    expect(transition(current, e.inviteChanged)).toEqual({ session: current.session, parentAddress: null });
    expect(transition(current, { type: "signedOut", parent: null })).toEqual(state(out));
    // An invite event that changes nothing is ignored too.
    const still = state(s.signedOut, null);
    expect(transition(still, e.inviteChanged)).toBe(still);
  });
});
