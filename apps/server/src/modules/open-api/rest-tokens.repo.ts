import { restTokenListFields } from '@app/contract/admin/open-api/rest-tokens';
import type { ListQuery } from '@app/contract/list';
import { desc, eq, or, sql } from 'drizzle-orm';
import { restTokens, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

const tokenList = bindList(restTokenListFields, {
  name: restTokens.name,
  team_id: restTokens.teamId,
  created_at: restTokens.createdAt,
  last_used_at: restTokens.lastUsedAt,
  revoked: sql`(${restTokens.revokedAt} is not null)`,
});

const tokenColumns = {
  token: restTokens,
  teamName: teams.name,
  creatorName: users.name,
  creatorEmail: users.email,
};
export type RestTokenRow = {
  token: typeof restTokens.$inferSelect;
  teamName: string;
  creatorName: string;
  creatorEmail: string;
};

function withNames(db: Db | Tx) {
  return db
    .select(tokenColumns)
    .from(restTokens)
    .innerJoin(teams, eq(teams.id, restTokens.teamId))
    .innerJoin(users, eq(users.id, restTokens.createdBy));
}

/** `q`: the token's name or its team's. */
export function listRestTokenRows(db: Db, query: ListQuery) {
  const where = listWhere(query, tokenList, (q) => or(searchColumns(q, [restTokens.name, teams.name])));
  return listPage(
    db,
    query,
    () => withNames(db).where(where).$dynamic(),
    listOrder(query, tokenList, [desc(restTokens.createdAt), desc(restTokens.id)]),
  );
}

export async function restTokenRow(db: Db | Tx, id: string): Promise<RestTokenRow | undefined> {
  const [row] = await withNames(db).where(eq(restTokens.id, id)).limit(1);
  return row;
}

export async function lockRestToken(tx: Tx, id: string) {
  const [row] = await tx.select().from(restTokens).where(eq(restTokens.id, id)).for('update').limit(1);
  return row;
}

export async function teamExists(tx: Tx, id: string): Promise<boolean> {
  const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, id)).limit(1);
  return Boolean(team);
}

export async function insertRestToken(tx: Tx, values: typeof restTokens.$inferInsert): Promise<void> {
  await tx.insert(restTokens).values(values);
}

export async function markRevoked(tx: Tx, id: string, at: Date, by: string): Promise<void> {
  await tx.update(restTokens).set({ revokedAt: at, revokedBy: by }).where(eq(restTokens.id, id));
}
