import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  createdAt: users.createdAt,
};

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateUsername(db: Db, userId: string, name: string) {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row ?? null;
}

/** Locks the user's row so two avatar changes at once apply one after the other. */
export async function lockUserRow(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return Boolean(row);
}

export async function setUserImage(tx: Tx, userId: string, image: string | null): Promise<void> {
  await tx.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
}
