import { createHash, randomBytes } from "node:crypto";
import { poolAbi } from "@dwn/contracts";
import {
  encodeFunctionData,
  getAddress,
  hashMessage,
  isAddressEqual,
  isErc6492Signature,
  numberToHex,
  recoverMessageAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { createSiweMessage } from "viem/siwe";
import type { Sql } from "../store/db";
import { SESSION, type SessionKey } from "../store/queries";

export const CHALLENGE_SECONDS = 5 * 60;
export const SESSION_SECONDS = 7 * 24 * 60 * 60;

/**
 * Pending messages kept per requester (see {@link createSignIn}), whatever addresses they are
 * for: its sixth request evicts its oldest, never another requester's.
 */
export const PENDING_PER_REQUESTER = 5;
/** Pending messages kept in all: a message is evicted once this many newer ones were issued. */
export const PENDING_TOTAL = 100_000;
/**
 * Gas an ERC-1271 `isValidSignature` call may burn, and how long a login may wait for the RPC in
 * all (every signature check and the inviter read together).
 */
export const CONTRACT_CHECK_GAS = 1_000_000n;
export const CONTRACT_CHECK_TIMEOUT_MS = 5_000;

export interface SignInOptions {
  db: Sql;
  client: Pick<PublicClient, "request" | "readContract">;
  pool: Address;
  chainId: number;
  /** The site's origin: the message's domain (host) and URI. */
  origin: string;
  now?: () => number;
  /** See {@link PENDING_PER_REQUESTER} and {@link PENDING_TOTAL}. */
  pendingPerRequester?: number;
  pendingTotal?: number;
  /** See {@link CONTRACT_CHECK_GAS} and {@link CONTRACT_CHECK_TIMEOUT_MS}. */
  contractCheckGas?: bigint;
  contractCheckTimeoutMs?: number;
}

export type LoginOutcome =
  { ok: true; token: string } | { ok: false; reason: "noChallenge" | "badSignature" | "notBound" };

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The statements a challenge runs (exported so that a test can read their query plans). */
export const CHALLENGE_SQL = {
  insert: "INSERT INTO sign_in_nonces (requester, address, message, expires_at) VALUES ($1, $2, $3, $4) RETURNING seq",
  /** The requester's messages older than its $2 newest. */
  trimRequester: `DELETE FROM sign_in_nonces WHERE requester = $1 AND seq < (
      SELECT seq FROM sign_in_nonces WHERE requester = $1 ORDER BY seq DESC OFFSET $2::int - 1 LIMIT 1)`,
  /** Messages issued before the newest $2 (by issue order, whatever was deleted since). */
  trimTotal: "DELETE FROM sign_in_nonces WHERE seq <= $1::bigint - $2::bigint",
  /** The live messages the requester $1 asked for address $2, newest first. */
  pending: `SELECT seq::text, message FROM sign_in_nonces
    WHERE requester = $1 AND address = $2 AND expires_at > $3 ORDER BY sign_in_nonces.seq DESC LIMIT $4`,
} as const;

/** A login's time for the RPC ({@link CONTRACT_CHECK_TIMEOUT_MS}) ran out. */
class BudgetSpent extends Error {
  constructor(ms: number) {
    super(`The RPC did not answer within the login's ${ms} ms.`);
  }
}

const ERC1271_ABI = [
  {
    type: "function",
    name: "isValidSignature",
    stateMutability: "view",
    inputs: [
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "", type: "bytes4" }],
  },
] as const;
const ERC1271_MAGIC = "0x1626ba7e";

/**
 * EIP-4361 sign-in: single-use challenges, EOA and ERC-1271 signatures, hashed 7-day tokens.
 *
 * Each challenge is its own row, valid until used or expired, and belongs to its requester:
 * the session key of the envelope that asked for it (the web app's, one per page load), or the
 * client's address when the call came without one. Login tries only the messages its own
 * requester asked for, and a requester keeps its {@link PENDING_PER_REQUESTER} newest, so a
 * stranger asking for alice's message, however often, evicts only his own: hers stays
 * pending. (Only the total cap, {@link PENDING_TOTAL}, is shared; the sign-in rate limit makes
 * reaching it cost thousands of client addresses.)
 *
 * Login does not take the message back: it tries the requester's pending messages for the
 * address, newest first. An EOA's signature is checked by recovering its signer (no RPC, a few microseconds
 * per message). Otherwise the address is asked (ERC-1271 `isValidSignature`, with a gas cap)
 * about the newest message: one `eth_call` when it accepts, or when it has no code (the call
 * answers empty); only when it refuses are the older ones asked, all at once. The RPC has
 * {@link CONTRACT_CHECK_TIMEOUT_MS} for the whole login, however many calls it makes. ERC-6492
 * signatures (a factory to deploy first, code of the signer's choosing) are refused before any RPC.
 */
export function createSignIn(options: SignInOptions) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const url = new URL(options.origin);
  const perRequester = options.pendingPerRequester ?? PENDING_PER_REQUESTER;
  const total = options.pendingTotal ?? PENDING_TOTAL;
  const gas = options.contractCheckGas ?? CONTRACT_CHECK_GAS;
  const timeoutMs = options.contractCheckTimeoutMs ?? CONTRACT_CHECK_TIMEOUT_MS;

  /**
   * A fresh message for `address` to sign, which only `requester` can sign in with; the
   * requester's other pending ones stay valid, up to its cap.
   */
  async function challenge(address: Address, requester: string): Promise<string> {
    const issued = now();
    // 128 bits from the CSPRNG. (viem's generateSiweNonce draws on Math.random and hands out
    // overlapping windows of one buffer, so each nonce would give away the next.)
    const nonce = randomBytes(16).toString("hex");
    const message = createSiweMessage({
      domain: url.host,
      uri: url.origin,
      address: getAddress(address),
      chainId: options.chainId,
      nonce,
      version: "1",
      statement: "Sign in to DWN. This request costs nothing and sends no transaction.",
      issuedAt: new Date(issued * 1000),
      expirationTime: new Date((issued + CHALLENGE_SECONDS) * 1000),
    });
    const owner = address.toLowerCase();
    const [row] = await options.db.query<{ seq: string }>(CHALLENGE_SQL.insert, [
      requester,
      owner,
      message,
      issued + CHALLENGE_SECONDS,
    ]);
    // Both by index, whatever the table holds; expired rows go in the periodic sweep.
    await options.db.query(CHALLENGE_SQL.trimRequester, [requester, perRequester]);
    await options.db.query(CHALLENGE_SQL.trimTotal, [row.seq, total]);
    return message;
  }

  /** Rejects with {@link BudgetSpent} when `promise` has not settled by `deadline` (a `performance.now()`). */
  function timed<T>(promise: Promise<T>, deadline: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BudgetSpent(timeoutMs)), Math.max(0, deadline - performance.now()));
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * What the address answers when asked whether `signature` signs `message` (ERC-1271), within
   * the gas cap and by `deadline`: it accepts, it refuses (or the call failed), it answered
   * empty (no code: an EOA), or the login's time ran out.
   */
  async function contractCheck(
    address: Address,
    message: string,
    signature: Hex,
    deadline: number,
  ): Promise<"accepts" | "refuses" | "noCode" | "outOfTime"> {
    const data = encodeFunctionData({
      abi: ERC1271_ABI,
      functionName: "isValidSignature",
      args: [hashMessage(message), signature],
    });
    // One attempt (no transport retries): a call that ran out of gas would only run out again.
    try {
      const result = await timed(
        options.client.request(
          { method: "eth_call", params: [{ to: address, data, gas: numberToHex(gas) }, "latest"] },
          { retryCount: 0 },
        ),
        deadline,
      );
      if (result === "0x") return "noCode";
      return typeof result === "string" && result.length >= 66 && result.slice(0, 10).toLowerCase() === ERC1271_MAGIC
        ? "accepts"
        : "refuses";
    } catch (error) {
      return error instanceof BudgetSpent ? "outOfTime" : "refuses";
    }
  }

  /** The pending message `signature` signs for `address`, if any (see {@link createSignIn}). */
  async function signedMessage<T extends { message: string }>(
    address: Address,
    pending: readonly T[],
    signature: Hex,
    deadline: number,
  ): Promise<T | undefined> {
    for (const row of pending) {
      const signer = await recoverMessageAddress({ message: row.message, signature }).catch(() => undefined);
      if (signer && isAddressEqual(signer, address)) return row;
    }
    // A key's signature did not match: perhaps a contract account, most likely signing the newest
    // message. A signature that cannot be checked (the RPC failed or the login's time ran out)
    // is refused like a wrong one; the user can try again.
    const [newest, ...older] = pending;
    const first = await contractCheck(address, newest.message, signature, deadline);
    if (first === "accepts") return newest;
    if (first !== "refuses") return undefined;
    const answers = await Promise.all(older.map((row) => contractCheck(address, row.message, signature, deadline)));
    const accepted = answers.indexOf("accepts");
    return accepted < 0 ? undefined : older[accepted];
  }

  /** Signs in with a message `requester` asked for (see {@link challenge}). */
  async function login(address: Address, signature: Hex, requester: string): Promise<LoginOutcome> {
    // Counterfactual wallets cannot have bound an inviter, and checking one would run code the
    // signer chose (the factory) on our RPC: refused before anything else.
    if (isErc6492Signature(signature)) return { ok: false, reason: "badSignature" };
    const deadline = performance.now() + timeoutMs;
    const owner = address.toLowerCase();
    const pending = await options.db.query<{ seq: string; message: string }>(CHALLENGE_SQL.pending, [
      requester,
      owner,
      now(),
      perRequester,
    ]);
    if (pending.length === 0) return { ok: false, reason: "noChallenge" };
    const signed = await signedMessage(getAddress(address), pending, signature, deadline);
    if (!signed) return { ok: false, reason: "badSignature" };
    // Read before the message is spent, so an RPC fault here leaves it usable.
    const bound = await timed(
      options.client.readContract({
        address: options.pool,
        abi: poolAbi,
        functionName: "validUser",
        args: [getAddress(address)],
      }),
      deadline,
    );
    if (!bound) return { ok: false, reason: "notBound" };
    // Single use: only the request that deletes the message goes on.
    const claimed = await options.db.query("DELETE FROM sign_in_nonces WHERE seq = $1 RETURNING 1", [signed.seq]);
    if (claimed.length === 0) return { ok: false, reason: "noChallenge" };
    const token = randomBytes(32).toString("base64url");
    await options.db.query(
      "INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)",
      [hash(token), owner, now(), now() + SESSION_SECONDS],
    );
    return { ok: true, token };
  }

  /** Ends the token's session; false when it was not a live session (unknown, expired or ended). */
  async function logout(token: string): Promise<boolean> {
    const [tokenHash, at] = sessionKey(token);
    const ended = await options.db.query("DELETE FROM sessions WHERE token_hash = $1 AND expires_at > $2 RETURNING 1", [
      tokenHash,
      at,
    ]);
    return ended.length > 0;
  }

  /** The token's session as the parameters of a query that resolves it (queries.SESSION). */
  function sessionKey(token: string): SessionKey {
    return [hash(token), now()];
  }

  /** The address a token signs in, or undefined when it is unknown or expired. */
  async function session(token: string): Promise<string | undefined> {
    const [row] = await options.db.query<{ address: string }>(SESSION, [...sessionKey(token)]);
    return row?.address;
  }

  return { challenge, login, logout, session, sessionKey };
}
