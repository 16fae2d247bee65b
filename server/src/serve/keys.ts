import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface ApiKeys {
  privateKey: KeyObject;
  /** base64 SPKI DER, as `GET /api/config` publishes it. */
  publicKey: string;
}

/**
 * The API's RSA-2048 key pair: from `pem` (production passes API_PRIVATE_KEY so every API
 * process shares one), else kept in `dataDir/api-key.pem`, generated on first start. A PEM
 * written on one line with `\n` for its line breaks (as an env file holds it) is read too.
 */
export function loadKeys(dataDir: string, pem?: string): ApiKeys {
  let privateKey: KeyObject;
  if (pem) {
    privateKey = createPrivateKey(pem.replace(/\\n/g, "\n"));
  } else {
    const file = path.join(dataDir, "api-key.pem");
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
      writeFileSync(file, pair.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    }
    privateKey = createPrivateKey(readFileSync(file, "utf8"));
  }
  if (privateKey.asymmetricKeyType !== "rsa" || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new Error("API_PRIVATE_KEY must be an RSA key of at least 2048 bits.");
  }
  const publicKey = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
  return { privateKey, publicKey };
}
