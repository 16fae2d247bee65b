import { createHash, randomBytes } from "node:crypto";
import { poolAbi } from "@dwn/contracts";
import { getAddress, type Address, type Hex, type PublicClient } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { Sql } from "../store/db";
import { SESSION, type SessionKey } from "../store/queries";

export const CHALLENGE_SECONDS = 5 * 60;
export const SESSION_SECONDS = 7 * 24 * 60 * 60;

export interface SignInOptions {
  db: Sql;
  client: PublicClient;
  pool: Address;
  chainId: number;
  /** The site's origin: the message's domain (host) and URI. */
  origin: string;
  now?: () => number;
}

export type LoginOutcome =
  { ok: true; token: string } | { ok: false; reason: "noChallenge" | "badSignature" | "notBound" };

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** EIP-4361 sign-in: single-use challenges, EOA and ERC-1271 signatures, hashed 7-day tokens. */
export function createSignIn(options: SignInOptions) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const url = new URL(options.origin);

  /** A fresh message for `address` to sign; any earlier unused one for it stops counting. */
  async function challenge(address: Address): Promise<string> {
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
    await options.db.query("DELETE FROM sign_in_nonces WHERE expires_at <= $1", [issued]);
    // One pending message per address: a new one replaces it, even when two requests race.
    await options.db.query(
      `INSERT INTO sign_in_nonces (nonce, address, message, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (address) DO UPDATE
       SET nonce = EXCLUDED.nonce, message = EXCLUDED.message, expires_at = EXCLUDED.expires_at, used = FALSE`,
      [nonce, owner, message, issued + CHALLENGE_SECONDS],
    );
    return message;
  }

  async function login(address: Address, signature: Hex): Promise<LoginOutcome> {
    const owner = address.toLowerCase();
    const [pending] = await options.db.query<{ nonce: string; message: string }>(
      "SELECT nonce, message FROM sign_in_nonces WHERE address = $1 AND NOT used AND expires_at > $2",
      [owner, now()],
    );
    if (!pending) return { ok: false, reason: "noChallenge" };
    // viem checks ERC-1271 (and ERC-6492) for contract accounts and ecrecover for the rest.
    const valid = await options.client
      .verifyMessage({ address: getAddress(address), message: pending.message, signature })
      .catch(() => false);
    if (!valid) return { ok: false, reason: "badSignature" };
    // Read before the nonce is spent, so an RPC fault here leaves the message usable.
    const bound = await options.client.readContract({
      address: options.pool,
      abi: poolAbi,
      functionName: "validUser",
      args: [getAddress(address)],
    });
    if (!bound) return { ok: false, reason: "notBound" };
    // Single use: only the request that flips `used` goes on.
    const claimed = await options.db.query(
      "UPDATE sign_in_nonces SET used = TRUE WHERE nonce = $1 AND NOT used RETURNING 1",
      [pending.nonce],
    );
    if (claimed.length === 0) return { ok: false, reason: "noChallenge" };
    await options.db.query("DELETE FROM sessions WHERE address = $1 AND expires_at <= $2", [owner, now()]);
    const token = randomBytes(32).toString("base64url");
    await options.db.query(
      "INSERT INTO sessions (token_hash, address, created_at, expires_at) VALUES ($1, $2, $3, $4)",
      [hash(token), owner, now(), now() + SESSION_SECONDS],
    );
    return { ok: true, token };
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

  return { challenge, login, session, sessionKey };
}
