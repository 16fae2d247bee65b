// Runs several of the server's test files in this one process, one after another, each as a
// suite named by its file, so that a pass pays node's and tsx's start-up and the imports once
// instead of once per file. A file's top-level hooks (before, after) belong to its suite: they
// run around that file's tests only, as they did when each file had a process of its own.
// The files are given as SERVER_TEST_FILES (names in server/test/, separated by spaces).
import { describe } from "node:test";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const TEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const files = (process.env.SERVER_TEST_FILES ?? "").split(" ").filter((f) => f !== "");
if (files.length === 0) throw new Error("SERVER_TEST_FILES names no test file.");

for (const file of files) {
  describe(file, async () => {
    // The import waits on the loader's thread (tsx's hooks), whose answer comes on a port that
    // does not keep the event loop alive, and between two files nothing else may: the runner then
    // takes the empty loop for the end of the run and cancels every test left ("Promise
    // resolution is still pending but the event loop has already resolved", nodejs/node#47614;
    // seen on a loaded machine at the start of a file). A timer holds the loop meanwhile.
    const hold = setInterval(() => {}, 60_000);
    try {
      await import(pathToFileURL(path.join(TEST_DIR, file)).href);
    } finally {
      clearInterval(hold);
    }
  });
}
