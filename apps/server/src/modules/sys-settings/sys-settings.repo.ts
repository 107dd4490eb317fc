import { eq } from 'drizzle-orm';
import { notificationSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

const columns = {
  emailImportant: notificationSettings.emailImportant,
  emailWarning: notificationSettings.emailWarning,
  emailSpecial: notificationSettings.emailSpecial,
  emailOther: notificationSettings.emailOther,
};

export type NotificationRow = typeof notificationSettings.$inferSelect;
type Levels = Pick<NotificationRow, keyof typeof columns>;

export async function findNotificationSettings(db: Db, userId: string): Promise<Levels | null> {
  const [row] = await db
    .select(columns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** Creates the row on first save (the table's defaults fill what is not given). */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  patch: Partial<Levels>,
): Promise<Levels> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning(columns);
  if (!row) throw new Error('notification settings were not saved');
  return row;
}
