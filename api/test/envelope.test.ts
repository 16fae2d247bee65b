import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  constants,
  createCipheriv,
  createDecipheriv,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from "node:crypto";
import {
  canonical,
  decryptText,
  encryptText,
  importPublicKey,
  isSessionKey,
  randomSessionKey,
  sealSessionKey,
  signFields,
} from "../src/envelope";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");

function nodeDecrypt(sessionKey: string, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-128-cbc", Buffer.from(sessionKey, "ascii"), bytes.subarray(0, 16));
  return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString("utf8");
}

describe("session key", () => {
  it("is 16 characters from [A-Za-z0-9], different on every draw", () => {
    const keys = new Set(Array.from({ length: 200 }, randomSessionKey));
    assert.equal(keys.size, 200);
    for (const key of keys) assert.ok(isSessionKey(key), key);
  });

  it("uses the whole alphabet", () => {
    const seen = new Set(Array.from({ length: 400 }, randomSessionKey).join(""));
    assert.equal(seen.size, 62);
  });

  it("is sealed with RSA-OAEP-SHA256 so that the private key (node:crypto) opens it", async () => {
    const key = randomSessionKey();
    const sealed = await sealSessionKey(await importPublicKey(spki), key);
    const opened = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(sealed, "base64"),
    );
    assert.equal(opened.toString("ascii"), key);
  });
});

describe("canonical", () => {
  it("joins key=value by &, keys by code point, without l_sign and without a trailing &", () => {
    assert.equal(
      canonical({ page: "1", Zed: "z", limit: "10", l_sign: "x", address: "0xAbC", t: "17" }),
      "Zed=z&address=0xAbC&limit=10&page=1&t=17",
    );
  });

  it("keeps values as sent, before form-encoding, and empty values", () => {
    assert.equal(canonical({ b: "a&b=c", a: "", c: "中文 +" }), "a=&b=a&b=c&c=中文 +");
  });

  it("of no fields is empty", () => {
    assert.equal(canonical({}), "");
  });
});

describe("AES-128-CBC bodies", () => {
  it("are base64(iv ‖ ciphertext) that node:crypto opens with the 16 ASCII bytes of the key", async () => {
    const key = randomSessionKey();
    const text = JSON.stringify({ status: 200, msg: "成功", data: { amount: "1000000000000000000" } });
    const sealed = await encryptText(key, text);
    assert.equal(Buffer.from(sealed, "base64").length % 16, 0);
    assert.equal(nodeDecrypt(key, sealed), text);
  });

  it("use a fresh iv each time", async () => {
    const key = randomSessionKey();
    assert.notEqual(await encryptText(key, "same"), await encryptText(key, "same"));
  });

  it("open what node:crypto sealed", async () => {
    const key = randomSessionKey();
    const iv = randomBytes(16);
    const cipher = createCipheriv("aes-128-cbc", Buffer.from(key, "ascii"), iv);
    const sealed = Buffer.concat([iv, cipher.update('{"status":422}', "utf8"), cipher.final()]).toString("base64");
    assert.equal(await decryptText(key, sealed), '{"status":422}');
  });

  it("refuse a body sealed with another key, a short body and a malformed key", async () => {
    const sealed = await encryptText(randomSessionKey(), "secret text that is long enough");
    await assert.rejects(decryptText(randomSessionKey(), sealed));
    await assert.rejects(decryptText(randomSessionKey(), "AAAA"), /Not an encrypted body/);
    await assert.rejects(encryptText("short", "x"), /16 characters/);
  });

  it("l_sign is the sealed canonical string", async () => {
    const key = randomSessionKey();
    const fields = { page: "2", limit: "10", lang: "en-us", t: "1700000000" };
    assert.equal(nodeDecrypt(key, await signFields(key, fields)), "lang=en-us&limit=10&page=2&t=1700000000");
  });
});
