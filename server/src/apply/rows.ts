import type { Sql } from "../store/db";
import { columnList, type DerivedTable } from "../store/tables";

export type Row = Record<string, string | number | null>;

/**
 * Rows travel as one array parameter per column, read back with unnest, the same on PGlite and
 * PostgreSQL (an array's text form costs a tenth of JSON to make, and half to read). Every value
 * is hex, a decimal number or null, so none needs quoting; an `integer[]` column's value is its
 * numbers joined by dots ("" for none), sent as text and read back as an array (an array of
 * arrays would have to be rectangular). `columns` is "name type, …"; `names` reads them back.
 */
export function unnest(columns: string, rows: readonly Row[]) {
  const list = columns.split(",").map((c) => c.trim().split(/\s+/));
  const sent = (type: string) => (type === "integer[]" ? "text" : type);
  return {
    names: list
      .map(([name, type]) => (type === "integer[]" ? `string_to_array(x.${name}, '.')::integer[] AS ${name}` : name))
      .join(", "),
    columns: list.map(([name]) => name).join(", "),
    from: `unnest(${list.map(([, type], i) => `$${i + 1}::${sent(type)}[]`).join(", ")}) AS x(${list.map(([name]) => name).join(", ")})`,
    params: list.map(([name]) => `{${rows.map((r) => (r[name] === "" ? '""' : (r[name] ?? "NULL"))).join(",")}}`),
  };
}

/** Inserts `rows` into `table`, with the columns the table registry names for its inserts. */
export async function insertRows(tx: Sql, table: DerivedTable, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const { names, columns, from, params } = unnest(columnList(table), rows);
  await tx.query(`INSERT INTO ${table.name} (${columns}) SELECT ${names} FROM ${from}`, params);
}
