import { and, asc, eq, ilike } from 'drizzle-orm';
import { type HelpTagText, helpTagStyles, helpTags, users } from '../../db/schema';

export type { HelpTagText };

import type { Db, Tx } from '../../platform/db';

export interface HelpTagRow {
  id: string;
  pagePath: string;
  elementId: string;
  texts: Record<string, HelpTagText>;
  enabled: boolean;
  updatedAt: Date;
  updatedByEmail: string | null;
}

export interface HelpTagValues {
  pagePath: string;
  elementId: string;
  texts: Record<string, HelpTagText>;
  enabled: boolean;
}

const tagColumns = {
  id: helpTags.id,
  pagePath: helpTags.pagePath,
  elementId: helpTags.elementId,
  texts: helpTags.texts,
  enabled: helpTags.enabled,
  updatedAt: helpTags.updatedAt,
  updatedByEmail: users.email,
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function findHelpTags(db: Db | Tx, pathPart?: string): Promise<HelpTagRow[]> {
  return (db as Db)
    .select(tagColumns)
    .from(helpTags)
    .leftJoin(users, eq(users.id, helpTags.updatedBy))
    .where(pathPart ? ilike(helpTags.pagePath, `%${likeLiteral(pathPart)}%`) : undefined)
    .orderBy(asc(helpTags.pagePath), asc(helpTags.elementId));
}

export async function findHelpTag(db: Db | Tx, id: string): Promise<HelpTagRow | undefined> {
  const [row] = await (db as Db)
    .select(tagColumns)
    .from(helpTags)
    .leftJoin(users, eq(users.id, helpTags.updatedBy))
    .where(eq(helpTags.id, id));
  return row;
}

/** The enabled tags, for the per-version cache the pages read. */
export function findEnabledHelpTags(
  db: Db,
): Promise<{ pagePath: string; elementId: string; texts: Record<string, HelpTagText> }[]> {
  return db
    .select({ pagePath: helpTags.pagePath, elementId: helpTags.elementId, texts: helpTags.texts })
    .from(helpTags)
    .where(eq(helpTags.enabled, true));
}

export async function helpTagAt(
  db: Db | Tx,
  pagePath: string,
  elementId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await (db as Db)
    .select({ id: helpTags.id })
    .from(helpTags)
    .where(and(eq(helpTags.pagePath, pagePath), eq(helpTags.elementId, elementId)));
  return row;
}

export async function insertHelpTag(tx: Tx, values: HelpTagValues, userId: string): Promise<string> {
  const [row] = await tx
    .insert(helpTags)
    .values({ ...values, updatedBy: userId })
    .returning({ id: helpTags.id });
  if (!row) throw new Error('help tag not inserted');
  return row.id;
}

/** Locks the row and answers what it held before (undefined: no such tag). */
export async function lockHelpTag(tx: Tx, id: string): Promise<HelpTagValues | undefined> {
  const [row] = await tx
    .select({
      pagePath: helpTags.pagePath,
      elementId: helpTags.elementId,
      texts: helpTags.texts,
      enabled: helpTags.enabled,
    })
    .from(helpTags)
    .where(eq(helpTags.id, id))
    .for('update');
  return row;
}

export async function updateHelpTagRow(tx: Tx, id: string, values: HelpTagValues, userId: string) {
  await tx
    .update(helpTags)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(eq(helpTags.id, id));
}

export async function deleteHelpTagRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(helpTags).where(eq(helpTags.id, id));
}

export interface HelpStyleRow {
  iconKind: string;
  iconColor: string;
  iconSize: number;
  popoverWidth: number;
  popoverPlacement: string;
  popoverTrigger: string;
  updatedAt: Date;
  updatedByEmail: string | null;
}

export const STYLE_KEY = 'default';

export async function findHelpStyle(db: Db | Tx): Promise<HelpStyleRow | undefined> {
  const [row] = await (db as Db)
    .select({
      iconKind: helpTagStyles.iconKind,
      iconColor: helpTagStyles.iconColor,
      iconSize: helpTagStyles.iconSize,
      popoverWidth: helpTagStyles.popoverWidth,
      popoverPlacement: helpTagStyles.popoverPlacement,
      popoverTrigger: helpTagStyles.popoverTrigger,
      updatedAt: helpTagStyles.updatedAt,
      updatedByEmail: users.email,
    })
    .from(helpTagStyles)
    .leftJoin(users, eq(users.id, helpTagStyles.updatedBy))
    .where(eq(helpTagStyles.key, STYLE_KEY));
  return row;
}

export type HelpStyleValues = Omit<HelpStyleRow, 'updatedAt' | 'updatedByEmail'>;

export async function upsertHelpStyle(tx: Tx, values: HelpStyleValues, userId: string): Promise<void> {
  const set = { ...values, updatedBy: userId, updatedAt: new Date() };
  await tx
    .insert(helpTagStyles)
    .values({ key: STYLE_KEY, ...set })
    .onConflictDoUpdate({ target: helpTagStyles.key, set });
}
