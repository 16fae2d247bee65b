import {
  createDecipheriv,
  createCipheriv,
  constants,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { canonical, isSessionKey, type Fields } from "@dwn/api";

/** The server's side of the envelope (DESIGN.md §4) on node:crypto. */

const MAX_CACHED = 10_000;

/**
 * Opens `sKey` headers with the private key. Each distinct header is decrypted once and then
 * served from a bounded cache, so an enveloped request costs AES, not RSA. Only headers of the
 * one length an RSA ciphertext of this key has are tried (and cached), so the cache stays small
 * whatever headers arrive.
 */
export function createSessionKeys(privateKey: KeyObject) {
  const cache = new Map<string, string | null>();
  const cipherBytes = Math.ceil((privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8);
  const headerLength = 4 * Math.ceil(cipherBytes / 3);
  return {
    /** The session key in `header`, or undefined when it does not hold one. */
    open(header: string): string | undefined {
      if (header.length !== headerLength || !/^[A-Za-z0-9+/]+={0,2}$/.test(header)) return undefined;
      let key = cache.get(header);
      if (key === undefined) {
        try {
          const plain = privateDecrypt(
            { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
            Buffer.from(header, "base64"),
          ).toString("latin1");
          key = isSessionKey(plain) ? plain : null;
        } catch {
          key = null;
        }
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        cache.set(header, key);
      }
      return key ?? undefined;
    },
    get size() {
      return cache.size;
    },
  };
}

function decrypt(sessionKey: string, sealed: string): Buffer | undefined {
  const bytes = Buffer.from(sealed, "base64");
  if (bytes.length < 32 || bytes.length % 16 !== 0) return undefined;
  try {
    const decipher = createDecipheriv("aes-128-cbc", Buffer.from(sessionKey, "latin1"), bytes.subarray(0, 16));
    return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** Whether `l_sign` seals exactly the canonical form of the other fields (compared in constant time). */
export function checkSign(sessionKey: string, fields: Fields): boolean {
  if (typeof fields.l_sign !== "string") return false;
  const opened = decrypt(sessionKey, fields.l_sign);
  const expected = Buffer.from(canonical(fields), "utf8");
  return opened !== undefined && opened.length === expected.length && timingSafeEqual(opened, expected);
}

/** base64(iv ‖ AES-128-CBC(sessionKey, text)). */
export function seal(sessionKey: string, text: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-128-cbc", Buffer.from(sessionKey, "latin1"), iv);
  return Buffer.concat([iv, cipher.update(text, "utf8"), cipher.final()]).toString("base64");
}
