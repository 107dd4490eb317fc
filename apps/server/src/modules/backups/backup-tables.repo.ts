import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { CHANGE_CHANNEL } from '../../platform/change-feed';
import type { Tx } from '../../platform/db';

/**
 * The relational half of a backup: every table of the drizzle schema but the backups' own (a
 * restore must not forget the backups taken after the one it restores, nor the schedule), in
 * foreign-key order, so a table's rows go back after those they point at.
 */

/** Never backed up nor restored. */
// The shared analytics versions are not rows to restore: a restore publishes each store anew.
const NOT_BACKED_UP = new Set<string>([
  getTableName(schema.backups),
  getTableName(schema.backupSettings),
  getTableName(schema.analyticsStoreVersions),
]);

export interface BackedUpTable {
  name: string;
  /** `"schema"."name"` */
  qualified: string;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Parents before children; a cycle (none today) keeps its tables in name order. */
export function backedUpTables(): BackedUpTable[] {
  const tables = new Map<string, { table: BackedUpTable; parents: Set<string> }>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (NOT_BACKED_UP.has(config.name)) continue;
    const parents = new Set<string>();
    for (const foreignKey of config.foreignKeys) {
      const parent = getTableConfig(foreignKey.reference().foreignTable).name;
      if (parent !== config.name) parents.add(parent);
    }
    tables.set(config.name, {
      table: { name: config.name, qualified: `${quote(config.schema ?? 'public')}.${quote(config.name)}` },
      parents,
    });
  }
  const ordered: BackedUpTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    const entry = tables.get(name);
    if (!entry) return;
    visiting.add(name);
    for (const parent of [...entry.parents].sort()) visit(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(entry.table);
  };
  for (const name of [...tables.keys()].sort()) visit(name);
  return ordered;
}

/** Each row of `table` as the JSON text PostgreSQL makes of it (`row_to_json`). */
export async function dumpRows(tx: Tx, table: BackedUpTable): Promise<string[]> {
  const result = await tx.execute(sql`select row_to_json(t)::text as j from ${sql.raw(table.qualified)} t`);
  return rowsOf<{ j: string }>(result).map((row) => row.j);
}

/** Both drivers' results: node-postgres gives `{ rows }`, PGlite's drizzle too; some give the array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Inserts rows (a JSON array of `row_to_json` objects) into `target`, a table with the backed-up
 * table's columns: the table itself, or its copy in a scratch schema. Identities keep their values.
 */
export async function insertRows(tx: Tx, target: string, json: string): Promise<void> {
  await tx.execute(
    sql`insert into ${sql.raw(target)} overriding system value select * from json_populate_recordset(null::${sql.raw(target)}, ${json}::json)`,
  );
}

export async function countRows(tx: Tx, target: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*)::int as n from ${sql.raw(target)}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Empties every table. A table that refuses TRUNCATE by a trigger (the append-only credit ledger)
 * has that trigger switched off for this statement only, inside the restore's transaction: a
 * restore replaces the whole ledger with the backup's, entries and balances together.
 */
export async function truncateAll(tx: Tx, tables: BackedUpTable[]): Promise<void> {
  if (!tables.length) return;
  const guards = rowsOf<{ tbl: string; trigger: string }>(
    await tx.execute(sql`
      select c.relname as tbl, t.tgname as trigger
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and (t.tgtype & 32) <> 0 and n.nspname = 'public'`),
  ).filter((guard) => tables.some((table) => table.name === guard.tbl));
  const toggle = async (on: boolean) => {
    for (const guard of guards) {
      await tx.execute(
        sql.raw(
          `alter table "public".${quote(guard.tbl)} ${on ? 'enable' : 'disable'} trigger ${quote(guard.trigger)}`,
        ),
      );
    }
  };
  await toggle(false);
  await tx.execute(sql.raw(`truncate table ${tables.map((table) => table.qualified).join(', ')}`));
  await toggle(true);
}

/**
 * Every sequence owned by a column of these tables (serials and identities) moves past the
 * largest value restored, so the next insert does not collide with a restored row.
 */
export async function resetSequences(tx: Tx, tables: BackedUpTable[]): Promise<void> {
  const names = tables.map((table) => table.name);
  if (!names.length) return;
  const owned = rowsOf<{ seq: string; tbl: string; col: string; nsp: string }>(
    await tx.execute(sql`
      select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col, n.nspname as nsp
      from pg_class s
      join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
      join pg_class t on t.oid = d.refobjid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public' and t.relname in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`),
  );
  for (const { seq, tbl, col, nsp } of owned) {
    const target = `${quote(nsp)}.${quote(tbl)}`;
    const statement: SQL = sql`select setval(${seq}::regclass, coalesce((select max(${sql.raw(quote(col))}) from ${sql.raw(target)}), 0) + 1, false)`;
    await tx.execute(statement);
  }
}

/** The scratch copy of `table` a verification restores into (its columns, defaults and identities). */
export async function createScratchTable(
  tx: Tx,
  scratchSchema: string,
  table: BackedUpTable,
): Promise<string> {
  const target = `${quote(scratchSchema)}.${quote(table.name)}`;
  await tx.execute(
    sql.raw(
      `create table ${target} (like ${table.qualified} including defaults including identity including generated)`,
    ),
  );
  return target;
}

export async function createSchema(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql.raw(`create schema ${quote(name)}`));
}

/** Every cache of every instance drops what it holds when the transaction commits. */
export async function announceEverythingChanged(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, '*')`);
}
