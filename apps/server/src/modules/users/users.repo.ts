import { asc, eq } from 'drizzle-orm';
import { languages, roles } from '../../db/schema';
import type { Db } from '../../platform/db';

export async function findRoleName(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.code, code));
  return row?.name ?? null;
}

export async function listLanguages(db: Db) {
  return db
    .select({ loc: languages.loc, display: languages.display, enabled: languages.enabled })
    .from(languages)
    .orderBy(asc(languages.sort), asc(languages.loc));
}
