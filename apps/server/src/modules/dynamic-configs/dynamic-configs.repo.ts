import { eq } from 'drizzle-orm';
import { dynamicConfigs, users } from '../../db/schema';
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

/** Answers the value held before (null when the default applied). */
export async function upsertDynamicConfig(
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
  await tx
    .insert(dynamicConfigs)
    .values({ key, value, updatedBy: userId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: dynamicConfigs.key,
      set: { value, updatedBy: userId, updatedAt: new Date() },
    });
  return { before: previous?.value ?? null };
}
