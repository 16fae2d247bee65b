// Runs several of the server's test files in this one process, one after another, each as a
// suite named by its file, so that a pass pays node's and tsx's start-up and the imports once
// instead of once per file. A file's top-level hooks (before, after) belong to its suite: they
// run around that file's tests only, as they did when each file had a process of its own.
// The files are given as SERVER_TEST_FILES (names in server/test/, separated by spaces).
import { describe } from "node:test";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serverBundle } from "../../../scripts/bundle.mjs";

const TEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const files = (process.env.SERVER_TEST_FILES ?? "").split(" ").filter((f) => f !== "");
if (files.length === 0) throw new Error("SERVER_TEST_FILES names no test file.");

// The server's bundle, which the tests' processes run (support/server-process.ts), made before a
// test file is imported. Node's runner gives a test or a hook to the suite whose code is running
// when it registers: a test file's module, or one it imports, that waits at its top level (as the
// spawner did for this bundle) is evaluated whenever the wait ends, and its tests and hooks went
// to whichever file's suite was running then (seen on CI: topology.test.ts's test in
// crash.test.ts's suite; events.test.ts's tests in api.test.ts's, before their own `before`).
await serverBundle();

// The imports wait on tsx's loader thread, whose answers do not keep Node 20's event loop alive:
// with nothing else to, the runner took the empty loop for the end of the run and cancelled every
// test left ("Promise resolution is still pending but the event loop has already resolved",
// nodejs/node#47614). A timer holds the loop until every file is imported.
const hold = setInterval(() => {}, 60_000);
const imports: Promise<unknown>[] = [];
for (const file of files) {
  describe(file, async () => {
    const own = import(pathToFileURL(path.join(TEST_DIR, file)).href);
    imports.push(own);
    await own;
  });
}
void Promise.allSettled(imports).then(() => clearInterval(hold));
