import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "web");

/**
 * Builds the web app as production ships it (`vite build`) into a temp folder and returns the
 * folder: a benchmark sets WEB_DIR to it, and the server of the stack serves it instead of the
 * devnet build `npm start` makes.
 */
export function buildProduction(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), "dwn-web-"));
  const built = spawnSync("npx", ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: WEB,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`The production build failed:\n${built.stdout}${built.stderr}`);
  return outDir;
}
