import { reminderSends } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** Records that a reminder went to a user; false when it had already (a retry, another instance). */
export async function recordReminderSent(
  tx: Tx,
  sent: { reminder: string; key: string; userId: string },
): Promise<boolean> {
  const fresh = await tx
    .insert(reminderSends)
    .values(sent)
    .onConflictDoNothing()
    .returning({ key: reminderSends.key });
  return fresh.length > 0;
}
