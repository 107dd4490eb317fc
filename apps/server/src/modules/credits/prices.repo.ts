import { eq } from 'drizzle-orm';
import { functionPrices, modelPrices } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bumpVersion } from '../../platform/versions';

type Queryable = Db | Tx;

/*
 * Every write of a price moves the `price` version in the same transaction: the price table is
 * kept in memory by it (price-table.ts), and no writer can forget to say so.
 */

export type ModelPriceRow = typeof modelPrices.$inferSelect;
export type FunctionPriceRow = typeof functionPrices.$inferSelect;

export function listModelPrices(db: Queryable) {
  return db.select().from(modelPrices).orderBy(modelPrices.model);
}

export function listFunctionPrices(db: Queryable) {
  return db.select().from(functionPrices).orderBy(functionPrices.functionKey);
}

/** The row as it was before the change (for the record), locked for the change. */
export async function lockModelPrice(tx: Tx, model: string): Promise<ModelPriceRow | null> {
  const [row] = await tx.select().from(modelPrices).where(eq(modelPrices.model, model)).for('update');
  return row ?? null;
}

export async function lockFunctionPrice(tx: Tx, key: string): Promise<FunctionPriceRow | null> {
  const [row] = await tx
    .select()
    .from(functionPrices)
    .where(eq(functionPrices.functionKey, key))
    .for('update');
  return row ?? null;
}

export async function upsertModelPrice(
  tx: Tx,
  price: { model: string; inputPerMillion: number; outputPerMillion: number },
): Promise<ModelPriceRow> {
  const now = new Date();
  const [row] = await tx
    .insert(modelPrices)
    .values({ ...price, updatedAt: now })
    .onConflictDoUpdate({
      target: modelPrices.model,
      set: {
        inputPerMillion: price.inputPerMillion,
        outputPerMillion: price.outputPerMillion,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('model price was not written');
  await bumpVersion(tx, 'price');
  return row;
}

export async function removeModelPrice(tx: Tx, model: string): Promise<boolean> {
  const rows = await tx.delete(modelPrices).where(eq(modelPrices.model, model)).returning();
  await bumpVersion(tx, 'price');
  return rows.length > 0;
}

export async function upsertFunctionPrice(
  tx: Tx,
  price: { functionKey: string; credits: number },
): Promise<FunctionPriceRow> {
  const now = new Date();
  const [row] = await tx
    .insert(functionPrices)
    .values({ ...price, updatedAt: now })
    .onConflictDoUpdate({
      target: functionPrices.functionKey,
      set: { credits: price.credits, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('function price was not written');
  await bumpVersion(tx, 'price');
  return row;
}

/** Adds the prices a new install starts with; prices admins changed or removed are left alone. */
export async function insertMissingPrices(
  db: Queryable,
  models: { model: string; inputPerMillion: number; outputPerMillion: number }[],
  functions: { functionKey: string; credits: number }[],
): Promise<void> {
  const added = [
    ...(models.length ? await db.insert(modelPrices).values(models).onConflictDoNothing().returning() : []),
    ...(functions.length
      ? await db.insert(functionPrices).values(functions).onConflictDoNothing().returning()
      : []),
  ];
  if (added.length > 0) await bumpVersion(db, 'price');
}
