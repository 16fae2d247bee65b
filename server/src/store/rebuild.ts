import { ident, type Db } from "./db";
import { migrate } from "./migrations";
import { DERIVED_TABLES, DERIVED_VIEWS } from "./tables";

/** The schemas a rebuild of `schema` uses: the fresh tables', and the old ones' on their way out. */
const shadowOf = (schema: string) => `${schema}_reindex`;
const retiredOf = (schema: string) => `${schema}_retired`;

/**
 * A schema beside the database's own, with every table of the current migrations and none of
 * their rows, and a connection to it: what reindex indexes into. A rebuild that stopped half
 * way left one behind; it is dropped first.
 */
export async function openShadow(db: Db): Promise<{ schema: string; shadow: Db }> {
  const [{ schema }] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const name = shadowOf(schema);
  await db.query(`DROP SCHEMA IF EXISTS ${ident(name)} CASCADE`);
  await db.query(`DROP SCHEMA IF EXISTS ${ident(retiredOf(schema))} CASCADE`);
  await db.query(`CREATE SCHEMA ${ident(name)}`);
  const shadow = await db.inSchema(name);
  await migrate(shadow);
  return { schema, shadow };
}

/**
 * Swaps the shadow's derived tables and the views over them in for the database's, in one
 * transaction: readers see the old tables until it commits (taking the tables waits for their
 * running queries), then the new ones; the old tables and the shadow are dropped in the same
 * transaction. A view reads the tables it was made over wherever they go, so the served views
 * leave with the old tables and the shadow's come in with the new ones.
 */
export async function swapIn(db: Db, schema: string): Promise<void> {
  const [main, shadow, retired] = [schema, shadowOf(schema), retiredOf(schema)].map(ident);
  await db.transaction(async (tx) => {
    await tx.query(`CREATE SCHEMA ${retired}`);
    for (const { name } of DERIVED_TABLES) {
      await tx.query(`ALTER TABLE ${main}.${name} SET SCHEMA ${retired}`);
      await tx.query(`ALTER TABLE ${shadow}.${name} SET SCHEMA ${main}`);
    }
    for (const { name } of DERIVED_VIEWS) {
      await tx.query(`ALTER VIEW ${main}.${name} SET SCHEMA ${retired}`);
      await tx.query(`ALTER VIEW ${shadow}.${name} SET SCHEMA ${main}`);
    }
    await tx.query(`DROP SCHEMA ${retired} CASCADE`);
    await tx.query(`DROP SCHEMA ${shadow} CASCADE`);
  });
}

/** Drops what a rebuild of `schema` left behind, when it stopped before its swap. */
export async function dropShadow(db: Db, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${ident(shadowOf(schema))} CASCADE`);
}
