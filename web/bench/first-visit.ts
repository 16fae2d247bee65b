/**
 * `npm run bench:web`: builds the production bundle and prints the gzip size of the JavaScript
 * a first visit to /chain/#/home downloads (build/firstVisit.ts says what it counts), and each
 * route's chunk, the page's own stylesheets (which index.html carries inline) and the page itself.
 * `--json` prints one JSON line instead of the table.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { FIRST_VISIT_BUDGET_KB, kB, measureFirstVisit } from "../build/firstVisit";

const webDir = resolve(fileURLToPath(import.meta.url), "../..");
const json = process.argv.includes("--json");

await build({ root: webDir, logLevel: json ? "silent" : "warn" });

const { files: firstVisit, total, routes, stylesheets, page } = measureFirstVisit(join(webDir, "dist"));
const largest = routes[0];

if (json) {
  console.log(
    JSON.stringify({
      firstVisitGzipKB: kB(total),
      budgetKB: FIRST_VISIT_BUDGET_KB,
      files: firstVisit.map((row) => ({ ...row, gzip: kB(row.gzip) })),
      largestRoute: { ...largest, chunkGzip: kB(largest.chunkGzip), addedGzip: kB(largest.addedGzip) },
      routes: routes.map((r) => ({ ...r, chunkGzip: kB(r.chunkGzip), addedGzip: kB(r.addedGzip) })),
      stylesheets: stylesheets.map((sheet) => ({ ...sheet, bytes: kB(sheet.bytes), gzip: kB(sheet.gzip) })),
      page: { bytes: kB(page.bytes), gzip: kB(page.gzip) },
    }),
  );
} else {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log("\nFirst visit to /chain/#/home (JavaScript, gzip -9):");
  for (const row of firstVisit)
    console.log(`  ${pad(row.part, 6)} ${pad(row.file, 53)} ${kB(row.gzip).toFixed(2).padStart(8)} kB`);
  const verdict = total <= FIRST_VISIT_BUDGET_KB * 1000 ? "within" : "OVER";
  console.log(
    `  ${pad("total", 60)} ${kB(total).toFixed(2).padStart(8)} kB  (${verdict} the ${FIRST_VISIT_BUDGET_KB} kB budget)`,
  );
  console.log("\nThe page's own CSS, inline in index.html (minified / gzip -9):");
  for (const sheet of stylesheets)
    console.log(
      `  ${pad(sheet.file, 60)} ${kB(sheet.bytes).toFixed(2).padStart(8)} kB / ${kB(sheet.gzip).toFixed(2)} kB`,
    );
  console.log(
    `  ${pad("index.html (the shells and those stylesheets in it)", 60)} ${kB(page.bytes).toFixed(2).padStart(8)} kB / ${kB(page.gzip).toFixed(2)} kB`,
  );
  console.log("\nRoute chunks (own chunk / added beyond the entry, gzip):");
  for (const r of routes) {
    console.log(
      `  ${pad(r.route, 52)} ${kB(r.chunkGzip).toFixed(2).padStart(7)} kB / ${kB(r.addedGzip).toFixed(2).padStart(7)} kB`,
    );
  }
  console.log(`\nLargest route: ${largest.route} (${kB(largest.addedGzip).toFixed(2)} kB added)`);
}
