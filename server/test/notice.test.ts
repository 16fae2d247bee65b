import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverBundle } from "../../scripts/bundle.mjs";
import { runNoticeCommand, UsageError } from "../src/admin/notice";
import { openDb } from "../src/store/db";
import { notice, notices } from "../src/store/queries";
import { openTestDb } from "./support/db";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const both = ["--title-zh", "上线", "--body-zh", "正文", "--title-en", "Launch", "--body-en", "Body"];

test("add, edit, list and remove an announcement in both languages", async () => {
  const { db, drop } = await openTestDb();
  try {
    assert.equal(await runNoticeCommand(db, ["list"]), "No announcements.");
    assert.equal(await runNoticeCommand(db, ["add", ...both], 1000), "Added announcement #1.");
    assert.deepEqual(await notice(db, false, 1), {
      id: 1,
      title: "上线",
      body: "正文",
      created_at: "1000",
      updated_at: "1000",
    });
    assert.equal(await runNoticeCommand(db, ["edit", "1", "--body-en", "New body"], 2000), "Edited announcement #1.");
    assert.deepEqual(await notice(db, true, 1), {
      id: 1,
      title: "Launch",
      body: "New body",
      created_at: "1000",
      updated_at: "2000",
    });
    assert.match(await runNoticeCommand(db, ["list"]), /^#1 {2}上线 \/ Launch/);
    assert.equal(await runNoticeCommand(db, ["remove", "1"]), "Removed announcement #1.");
    assert.deepEqual(await notices(db, true, 0, 10), []);
  } finally {
    await drop();
  }
});

test("mistakes are one sentence and change nothing", async () => {
  const { db, drop } = await openTestDb();
  try {
    const refusals: [string[], RegExp][] = [
      [[], /^Usage: notice/],
      [["publish"], /Unknown command "publish"/],
      [["add", "--title-zh", "只有中文"], /add needs --body-zh, --title-en, --body-en/],
      [["add", ...both.slice(0, 7), " "], /--body-en must not be empty/],
      [["add", ...both, "--colour", "red"], /Unknown option '--colour'/],
      [["edit", "1", "--title-en", "x"], /There is no announcement #1/],
      [["edit", "abc", "--title-en", "x"], /announcement id must be a whole number/],
      [["edit", "1"], /edit needs at least one field/],
      [["remove", "0"], /announcement id must be a whole number/],
      [["remove", "7"], /There is no announcement #7/],
    ];
    for (const [argv, message] of refusals) {
      await assert.rejects(runNoticeCommand(db, argv), (error: Error) => {
        assert.ok(error instanceof UsageError, `${argv.join(" ")}: ${error.message}`);
        assert.match(error.message, message);
        return true;
      });
    }
    assert.deepEqual(await notices(db, false, 0, 10), []);
  } finally {
    await drop();
  }
});

test("the command runs against the embedded database, and refuses one the server holds open", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-notice-"));
  // The command's code in one file, as npm start runs the server (scripts/bundle.mjs).
  const command = await serverBundle("src/admin/notice.ts");
  const run = (...argv: string[]) =>
    spawnSync(process.execPath, [command, ...argv], {
      cwd: SERVER,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
  try {
    const added = run("add", ...both);
    assert.equal(added.status, 0, added.stderr);
    assert.equal(added.stdout.trim(), "Added announcement #1.");
    assert.match(run("list").stdout, /#1 {2}上线 \/ Launch/);

    const held = await openDb({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const refused = run("list");
      assert.equal(refused.status, 2);
      assert.match(refused.stderr, new RegExp(`is open in process ${process.pid}: stop it first`));
    } finally {
      await held.close();
    }
    const wrong = run("remove", "x");
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /announcement id must be a whole number/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
