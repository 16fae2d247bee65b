import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { serverBundle } from "../../scripts/bundle.mjs";
import { indexedAbi } from "../src/apply/apply";
import { applySources, applyVersion, codeOf, versionOf } from "../src/apply/version";
import { DERIVED_TABLES } from "../src/store/tables";

const SERVER = fileURLToPath(new URL("..", import.meta.url));

test("the apply code's version is derived: the same in every run and in the bundled server npm start runs, another with any change to a handler, the registry or the events, the same when only comments or layout change", async () => {
  const inputs = { tables: DERIVED_TABLES, abi: indexedAbi, sources: applySources() };
  const version = applyVersion();
  assert.match(version, /^[0-9a-f]{16}$/);
  assert.equal(versionOf(inputs), version);
  assert.ok("apply.ts" in inputs.sources && "undo.ts" in inputs.sources, Object.keys(inputs.sources).join());

  // Another process (another run, or the server of the other database) derives the same.
  const other = execFileSync(
    process.execPath,
    ["--import", "tsx", "-e", 'import("./src/apply/version.ts").then((m) => console.log(m.applyVersion()))'],
    { cwd: SERVER, encoding: "utf8" },
  ).trim();
  assert.equal(other, version);
  // The bundle npm start and the server tests' processes run (scripts/bundle.mjs) hashes
  // the same sources: each bundled module keeps its own location.
  const bundled = execFileSync(
    process.execPath,
    [
      "-e",
      `import(${JSON.stringify(await serverBundle("src/apply/version.ts"))}).then((m) => console.log(m.applyVersion()))`,
    ],
    { cwd: SERVER, encoding: "utf8" },
  ).trim();
  assert.equal(bundled, version);

  const apply = inputs.sources["apply.ts"];
  const edited = (from: string, to: string) => {
    assert.ok(apply.includes(from), from);
    return versionOf({ ...inputs, sources: { ...inputs.sources, "apply.ts": apply.replace(from, to) } });
  };
  // A handler writes another figure, or another column.
  assert.notEqual(
    edited(
      'kind: log.eventName === "StaticProfitCollected" ? 1 : 2',
      'kind: log.eventName === "StaticProfitCollected" ? 2 : 1',
    ),
    version,
  );
  assert.notEqual(edited("fee: log.args.fee.toString(),", "fee: log.args.amount.toString(),"), version);
  // A comment reworded or added, the indentation changed: the same code.
  assert.equal(
    edited("// Settings, transfers and locks change nothing the API shows.", "// Nothing else is shown."),
    version,
  );
  assert.equal(edited('      case "RewardCollected":', '  /** Claims. */\n   case "RewardCollected":\n'), version);
  // A column's type in the registry, an event's field, a new file of apply code.
  const tables = DERIVED_TABLES.map((t) =>
    t.name === "stakes" ? { ...t, columns: { ...t.columns, units: "numeric" } } : t,
  );
  assert.notEqual(versionOf({ ...inputs, tables }), version);
  assert.notEqual(versionOf({ ...inputs, abi: indexedAbi.slice(1) }), version);
  assert.notEqual(versionOf({ ...inputs, sources: { ...inputs.sources, "extra.ts": "export const x = 1;" } }), version);
});

test("what the version hashes of each apply file is all of its code: TypeScript reads the same program from it", () => {
  const printer = ts.createPrinter({ removeComments: true });
  /** The program TypeScript reads, printed without comments, its layout aside. */
  const program = (name: string, text: string) =>
    printer
      .printFile(ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS))
      .replace(/\s+/g, " ");
  for (const [name, text] of Object.entries(applySources())) {
    assert.equal(program(name, codeOf(text)), program(name, text), name);
    assert.ok(!/^\s*(\/\/|\/\*|\*)/m.test(codeOf(text)), `${name}: no comment line is left`);
  }
  // A comment's end followed by code keeps the code.
  assert.equal(
    codeOf("/* a\n b */ const x = 1;\n/* c */ y();\n/** d */\n// e\n  z();"),
    "b */ const x = 1;\n/* c */ y();\nz();",
  );
});
