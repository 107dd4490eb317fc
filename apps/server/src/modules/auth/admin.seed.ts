import { randomBytes } from 'node:crypto';
import { SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Platform } from '../../platform/platform';

export interface SeededAdmin {
  email: string;
  /** Only when generated now; a password from ADMIN_PASSWORD is never echoed. */
  generatedPassword: string | null;
}

/**
 * Makes sure a super admin exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created (or
 * promoted) once; without them one is generated on first start and its password printed once.
 */
export async function seedSuperAdmin(platform: Platform): Promise<SeededAdmin | null> {
  const { db, config, auth } = platform;
  const wanted = config.ADMIN_EMAIL?.toLowerCase();
  if (wanted) {
    const [existing] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, wanted));
    if (existing) {
      if (existing.role !== SUPER_ADMIN_ROLE)
        await db.update(users).set({ role: SUPER_ADMIN_ROLE }).where(eq(users.id, existing.id));
      return null;
    }
  } else {
    const [anyAdmin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, SUPER_ADMIN_ROLE))
      .limit(1);
    if (anyAdmin) return null;
  }
  const email = wanted ?? 'admin@example.com';
  const generatedPassword = config.ADMIN_PASSWORD ? null : randomBytes(12).toString('base64url');
  const password = config.ADMIN_PASSWORD ?? (generatedPassword as string);
  const created = await auth.api.signUpEmail({ body: { name: 'Admin', email, password } });
  await db
    .update(users)
    .set({ role: SUPER_ADMIN_ROLE, emailVerified: true })
    .where(eq(users.id, created.user.id));
  return { email, generatedPassword };
}
