// The web app's devnet build in web/dist/, as `npm start` makes it and serves it: made again only
// when something it is made from changed. The web tests read it too, when it is current, instead
// of making the same build again (about 19 s of CPU).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What the web app's devnet build is made from: its sources and config, the packages it imports, the lock file. */
const WEB_INPUTS = [
  "web/src",
  "web/public",
  "web/index.html",
  "web/vite.config.ts",
  "web/build",
  "web/package.json",
  "web/tsconfig.json",
  "api/src",
  "api/package.json",
  "contracts/generated",
  "contracts/deploy",
  "contracts/package.json",
  "package-lock.json",
];

/** Where `npm start` builds the web app (`vite build --mode devnet`'s default folder). */
export const WEB_DIST = path.join(REPO, "web", "dist");
/** Written beside the build: the digest of the inputs it was made from. */
export const WEB_STAMP = path.join(WEB_DIST, ".devnet-build");

/** One SHA-256 over every input file's path and bytes, in path order. */
export function webInputsDigest() {
  const files = [];
  const walk = (entry) => {
    const full = path.join(REPO, entry);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const name of readdirSync(full)) walk(path.join(entry, name));
    else files.push(entry);
  };
  WEB_INPUTS.forEach(walk);
  const hash = createHash("sha256");
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(REPO, file)))
      .update("\0");
  return hash.digest("hex");
}

/** Whether web/dist holds the devnet build of the sources as they are now. */
export function devnetBuildIsCurrent() {
  return existsSync(WEB_STAMP) && readFileSync(WEB_STAMP, "utf8") === webInputsDigest();
}
