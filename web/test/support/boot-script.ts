// Runs the boot script index.html inlines, alone, as the page runs it: against a document that
// holds `table` as its #boot-preloads JSON and the given cookie, at `hash`. Returns the elements
// it appended to <head>, and what bootPreloads picks for the same table, hash and cookie, as
// those elements should be.
import { bootPreloads, type BootPreloadTable } from "../../src/app/bootPreloads";

export function runBootScript(script: string, table: BootPreloadTable, hash: string, cookie = "") {
  const appended: Record<string, unknown>[] = [];
  const document = {
    cookie,
    getElementById: (id: string) => (id === "boot-preloads" ? { textContent: JSON.stringify(table) } : null),
    createElement: (tag: string) => ({ tag }),
    // No stylesheet is linked yet when the script runs in the head.
    querySelector: () => null,
    head: { append: (element: Record<string, unknown>) => appended.push(element) },
  };
  new Function("document", "location", script)(document, { hash });
  const expected = bootPreloads(table, hash, cookie).map((link) => ({ tag: "link", ...link, crossOrigin: "" }));
  return { appended, expected };
}
