/**
 * The request envelope of DESIGN.md §4, on Web Crypto alone so that the browser and Node
 * share one implementation: a per-page-load session key (`sKey`) sealed with the server's
 * RSA-OAEP-SHA256 public key, an AES-128-CBC `l_sign` over the canonical payload, and
 * AES-128-CBC response bodies.
 */

const SESSION_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const SESSION_KEY_LENGTH = 16;
const IV_LENGTH = 16;

/** A request's fields before form-encoding: every value is sent as a string. */
export type Fields = Record<string, string>;

/** 16 random characters from [A-Za-z0-9], drawn without modulo bias. */
export function randomSessionKey(): string {
  let key = "";
  while (key.length < SESSION_KEY_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SESSION_KEY_LENGTH * 2))) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (byte < 248 && key.length < SESSION_KEY_LENGTH) key += SESSION_KEY_ALPHABET[byte % 62];
    }
  }
  return key;
}

export function isSessionKey(value: string): boolean {
  return /^[A-Za-z0-9]{16}$/.test(value);
}

/** Every field but `l_sign` as `key=value`, keys sorted by code point, joined by `&`. */
export function canonical(fields: Fields): string {
  return Object.keys(fields)
    .filter((key) => key !== "l_sign")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${fields[key]}`)
    .join("&");
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Imports the server's public key as published by `GET /api/config` (base64 SPKI DER). */
export function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("spki", fromBase64(spkiBase64), { name: "RSA-OAEP", hash: "SHA-256" }, false, [
    "encrypt",
  ]);
}

/** The `sKey` header value: base64(RSA-OAEP-SHA256(sessionKey)). */
export async function sealSessionKey(publicKey: CryptoKey, sessionKey: string): Promise<string> {
  const sealed = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, publicKey, new TextEncoder().encode(sessionKey));
  return toBase64(new Uint8Array(sealed));
}

function aesKey(sessionKey: string, usage: "encrypt" | "decrypt"): Promise<CryptoKey> {
  if (!isSessionKey(sessionKey)) throw new TypeError("A session key is 16 characters from [A-Za-z0-9].");
  return crypto.subtle.importKey("raw", new TextEncoder().encode(sessionKey), { name: "AES-CBC" }, false, [usage]);
}

/** base64(iv ‖ AES-128-CBC-PKCS7(key = the 16 ASCII bytes of sessionKey, text)) with a random iv. */
export async function encryptText(sessionKey: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  const key = await aesKey(sessionKey, "encrypt");
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-CBC", iv }, key, new TextEncoder().encode(text)),
  );
  const sealed = new Uint8Array(IV_LENGTH + cipher.length);
  sealed.set(iv);
  sealed.set(cipher, IV_LENGTH);
  return toBase64(sealed);
}

/**
 * Reverses {@link encryptText}; throws when the text was not sealed with this key. CBC carries no
 * check of its own: with another key the padding comes out valid about once in 256, so the
 * bytes must also be UTF-8 (garbage of a block or more almost never is), or it throws.
 */
export async function decryptText(sessionKey: string, sealedBase64: string): Promise<string> {
  const sealed = fromBase64(sealedBase64);
  if (sealed.length < IV_LENGTH * 2 || sealed.length % IV_LENGTH !== 0) throw new TypeError("Not an encrypted body.");
  const key = await aesKey(sessionKey, "decrypt");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-CBC", iv: sealed.subarray(0, IV_LENGTH) },
    key,
    sealed.subarray(IV_LENGTH),
  );
  return new TextDecoder("utf-8", { fatal: true }).decode(plain);
}

/** The `l_sign` field for these fields. */
export function signFields(sessionKey: string, fields: Fields): Promise<string> {
  return encryptText(sessionKey, canonical(fields));
}
