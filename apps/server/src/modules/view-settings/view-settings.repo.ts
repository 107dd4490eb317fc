import { and, eq } from 'drizzle-orm';
import { viewSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

type ViewKey = { userId: string; route: string; type: string };

export async function findViewValues(db: Db, key: ViewKey): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ values: viewSettings.values })
    .from(viewSettings)
    .where(
      and(
        eq(viewSettings.userId, key.userId),
        eq(viewSettings.route, key.route),
        eq(viewSettings.type, key.type),
      ),
    );
  return row?.values;
}

export async function saveViewValues(db: Db, key: ViewKey, values: Record<string, unknown>) {
  await db
    .insert(viewSettings)
    .values({ ...key, values })
    .onConflictDoUpdate({
      target: [viewSettings.userId, viewSettings.route, viewSettings.type],
      set: { values, updatedAt: new Date() },
    });
}
