// The operator's announcement command:
//   npm run --workspace server notice -- list
//   npm run --workspace server notice -- add --title-zh … --body-zh … --title-en … --body-en …
//   npm run --workspace server notice -- edit <id> [--title-zh …] [--body-zh …] [--title-en …] [--body-en …]
//   npm run --workspace server notice -- remove <id>
// It uses the server's database (DATABASE_URL, else the embedded one in DATA_DIR).
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDb, type Sql } from "../store/db";
import { migrate } from "../store/migrations";
import { addNotice, editNotice, removeNotice, type NoticeText } from "../store/queries";

const FIELDS = ["title-zh", "body-zh", "title-en", "body-en"] as const;
const USAGE = `Usage: notice list | add --title-zh T --body-zh B --title-en T --body-en B | edit ID [--title-zh T] [--body-zh B] [--title-en T] [--body-en B] | remove ID`;

/** A mistake in the command line: said in one sentence, exit code 2. */
export class UsageError extends Error {}

function textOf(values: Partial<Record<(typeof FIELDS)[number], string>>): Partial<NoticeText> {
  const text: Partial<NoticeText> = {};
  for (const field of FIELDS) {
    const value = values[field];
    if (value === undefined) continue;
    if (value.trim() === "") throw new UsageError(`--${field} must not be empty.`);
    text[field.replace("-", "_") as keyof NoticeText] = value;
  }
  return text;
}

function idOf(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new UsageError(`The announcement id must be a whole number from 1; it is "${raw ?? ""}".\n${USAGE}`);
  }
  return Number(raw);
}

/** Runs one command against `db`; returns what to print. */
export async function runNoticeCommand(db: Sql, argv: readonly string[], now = Math.floor(Date.now() / 1000)) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: Object.fromEntries(FIELDS.map((f) => [f, { type: "string" as const }])),
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [command, id, ...rest] = parsed.positionals;
  const values = parsed.values as Partial<Record<(typeof FIELDS)[number], string>>;
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(" ")}\n${USAGE}`);
  switch (command) {
    case "list": {
      const rows = await db.query<{ id: number; title_zh: string; title_en: string; updated_at: string }>(
        "SELECT id, title_zh, title_en, updated_at::text FROM notices ORDER BY created_at DESC, id DESC",
      );
      if (rows.length === 0) return "No announcements.";
      return rows
        .map(
          (r) =>
            `#${r.id}  ${r.title_zh} / ${r.title_en}  (updated ${new Date(Number(r.updated_at) * 1000).toISOString()})`,
        )
        .join("\n");
    }
    case "add": {
      if (id !== undefined) throw new UsageError(`add takes no id.\n${USAGE}`);
      const text = textOf(values);
      const missing = FIELDS.filter((f) => text[f.replace("-", "_") as keyof NoticeText] === undefined);
      if (missing.length > 0) {
        throw new UsageError(
          `add needs ${missing.map((m) => `--${m}`).join(", ")}: every announcement has both languages.`,
        );
      }
      return `Added announcement #${await addNotice(db, text as NoticeText, now)}.`;
    }
    case "edit": {
      const target = idOf(id);
      const text = textOf(values);
      if (Object.keys(text).length === 0) throw new UsageError(`edit needs at least one field to change.\n${USAGE}`);
      if (!(await editNotice(db, target, text, now))) throw new UsageError(`There is no announcement #${target}.`);
      return `Edited announcement #${target}.`;
    }
    case "remove": {
      const target = idOf(id);
      if (!(await removeNotice(db, target))) throw new UsageError(`There is no announcement #${target}.`);
      return `Removed announcement #${target}.`;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`The notice command cannot start:\n${(error as Error).message}`);
    process.exit(2);
  }
  const db = await openDb(config.db).catch((error: Error) => {
    console.error(error.message);
    process.exit(2);
  });
  try {
    await migrate(db);
    console.log(await runNoticeCommand(db, process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } finally {
    await db.close();
  }
}
