import { count, desc, eq } from 'drizzle-orm';
import { dynamicConfigChanges, dynamicConfigs, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export interface DynamicConfigRow {
  key: string;
  value: unknown;
  updatedAt: Date;
  updatedByEmail: string | null;
}

export function findDynamicConfigs(db: Db | Tx): Promise<DynamicConfigRow[]> {
  return (db as Db)
    .select({
      key: dynamicConfigs.key,
      value: dynamicConfigs.value,
      updatedAt: dynamicConfigs.updatedAt,
      updatedByEmail: users.email,
    })
    .from(dynamicConfigs)
    .leftJoin(users, eq(users.id, dynamicConfigs.updatedBy));
}

/** The stored value of one key inside a transaction (undefined: none stored, the default applies). */
export async function findStoredValue(tx: Db | Tx, key: string): Promise<unknown> {
  const [row] = await (tx as Db)
    .select({ value: dynamicConfigs.value })
    .from(dynamicConfigs)
    .where(eq(dynamicConfigs.key, key));
  return row?.value;
}

/**
 * Stores `value` (null: removes the row so the default applies again) and answers the value held
 * before (null when the default applied), the row locked meanwhile.
 */
export async function writeDynamicConfig(
  tx: Tx,
  key: string,
  value: unknown,
  userId: string,
): Promise<{ before: unknown }> {
  const [previous] = await tx
    .select({ value: dynamicConfigs.value })
    .from(dynamicConfigs)
    .where(eq(dynamicConfigs.key, key))
    .for('update');
  if (value === null) {
    await tx.delete(dynamicConfigs).where(eq(dynamicConfigs.key, key));
  } else {
    await tx
      .insert(dynamicConfigs)
      .values({ key, value, updatedBy: userId, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: dynamicConfigs.key,
        set: { value, updatedBy: userId, updatedAt: new Date() },
      });
  }
  return { before: previous?.value ?? null };
}

export async function insertChange(
  tx: Tx,
  change: { key: string; oldValue: unknown; newValue: unknown; changedBy: string; rollbackOf?: string },
): Promise<string> {
  const [row] = await tx
    .insert(dynamicConfigChanges)
    .values({ ...change, rollbackOf: change.rollbackOf ?? null })
    .returning({ id: dynamicConfigChanges.id });
  if (!row) throw new Error('dynamic config change was not written');
  return row.id;
}

export async function findChange(db: Db | Tx, id: string) {
  const [row] = await (db as Db).select().from(dynamicConfigChanges).where(eq(dynamicConfigChanges.id, id));
  return row ?? null;
}

export async function listChanges(db: Db, options: { key?: string; page: number; pageSize: number }) {
  const where = options.key ? eq(dynamicConfigChanges.key, options.key) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: dynamicConfigChanges.id,
        key: dynamicConfigChanges.key,
        oldValue: dynamicConfigChanges.oldValue,
        newValue: dynamicConfigChanges.newValue,
        changedAt: dynamicConfigChanges.changedAt,
        rollbackOf: dynamicConfigChanges.rollbackOf,
        changedByEmail: users.email,
      })
      .from(dynamicConfigChanges)
      .leftJoin(users, eq(users.id, dynamicConfigChanges.changedBy))
      .where(where)
      .orderBy(desc(dynamicConfigChanges.changedAt), desc(dynamicConfigChanges.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(dynamicConfigChanges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
