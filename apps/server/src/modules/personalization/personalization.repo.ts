import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';

const columns = {
  locale: users.locale,
  timezone: users.timezone,
  theme: users.theme,
  helpSwitch: users.helpSwitch,
  dateFormat: users.dateFormat,
};

export type PersonalizationRow = NonNullable<Awaited<ReturnType<typeof findPersonalization>>>;

export async function findPersonalization(db: Db, userId: string) {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updatePersonalization(db: Db, userId: string, patch: Partial<PersonalizationRow>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(columns);
  return row ?? null;
}
