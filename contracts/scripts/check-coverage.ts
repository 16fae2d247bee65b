import { readFileSync } from "node:fs";
import path from "node:path";

/** The floor `npm test` holds the Solidity sources to (solidity-coverage's summary). */
const MIN_LINES = 100;
const MIN_BRANCHES = 95;

interface Totals {
  lines: { pct: number };
  branches: { pct: number };
}

const file = path.join(__dirname, "..", "coverage", "coverage-summary.json");
const summary = JSON.parse(readFileSync(file, "utf8")) as Record<string, Totals>;
const { lines, branches } = summary.total;
const failures: string[] = [];
if (lines.pct < MIN_LINES) failures.push(`lines ${lines.pct}% < ${MIN_LINES}%`);
if (branches.pct < MIN_BRANCHES) failures.push(`branches ${branches.pct}% < ${MIN_BRANCHES}%`);
console.log(`Solidity coverage: lines ${lines.pct}%, branches ${branches.pct}%`);
if (failures.length > 0) {
  console.error(`Coverage below the floor: ${failures.join(", ")}.`);
  process.exit(1);
}
