import type { Sql } from "../store/db";
import { columnList, type DerivedTable } from "../store/tables";

export type Row = Record<string, string | number | null>;

/**
 * Rows travel as one array parameter per column, read back with unnest, the same on PGlite and
 * PostgreSQL (an array's text form costs a tenth of JSON to make, and half to read). Every value
 * is hex, a decimal number or null, so none needs quoting. `columns` is "name type, …".
 */
export function unnest(columns: string, rows: readonly Row[]) {
  const list = columns.split(",").map((c) => c.trim().split(/\s+/));
  const names = list.map(([name]) => name).join(", ");
  return {
    names,
    from: `unnest(${list.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")}) AS x(${names})`,
    params: list.map(([name]) => `{${rows.map((r) => r[name] ?? "NULL").join(",")}}`),
  };
}

/** Inserts `rows` into `table`, with the columns the table registry names for its inserts. */
export async function insertRows(tx: Sql, table: DerivedTable, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const { names, from, params } = unnest(columnList(table), rows);
  await tx.query(`INSERT INTO ${table.name} (${names}) SELECT ${names} FROM ${from}`, params);
}
