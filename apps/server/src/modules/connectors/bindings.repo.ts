import { adminBindingListFields } from '@app/contract/connectors/admin-platforms';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  connectorTeamLeases,
  googleBindings,
  projectMembers,
  projects,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

type Conn = Db | Tx;

export type BindingRow = typeof googleBindings.$inferSelect;
export type BindingInsert = typeof googleBindings.$inferInsert;
export type BindingPatch = Partial<Omit<BindingInsert, 'id' | 'teamId' | 'projectId' | 'service'>>;

/** A team with its owner (the data owner of the team and its projects) and the caller's role in it. */
export async function findTeamFor(db: Conn, teamId: string, userId: string | null) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId, role: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId ?? '')))
    .where(eq(teams.id, teamId));
  return row ?? null;
}

/** A project by id (any team), with whether `userId` is its member. */
export async function findProjectFor(db: Conn, projectId: string, userId: string | null) {
  const [row] = await db
    .select({
      id: projects.id,
      teamId: projects.teamId,
      name: projects.name,
      memberRole: projectMembers.role,
    })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId ?? '')),
    )
    .where(eq(projects.id, projectId));
  return row ?? null;
}

const inScope = (teamId: string, projectId: string | null): SQL | undefined =>
  and(
    eq(googleBindings.teamId, teamId),
    projectId === null ? isNull(googleBindings.projectId) : eq(googleBindings.projectId, projectId),
  );

export function listScopeBindings(db: Conn, teamId: string, projectId: string | null): Promise<BindingRow[]> {
  return db.select().from(googleBindings).where(inScope(teamId, projectId));
}

export async function findScopeBinding(
  db: Conn,
  teamId: string,
  projectId: string | null,
  service: string,
): Promise<BindingRow | null> {
  const [row] = await db
    .select()
    .from(googleBindings)
    .where(and(inScope(teamId, projectId), eq(googleBindings.service, service)));
  return row ?? null;
}

export async function findBinding(db: Conn, id: string): Promise<BindingRow | null> {
  const [row] = await db.select().from(googleBindings).where(eq(googleBindings.id, id));
  return row ?? null;
}

/** Null when the scope already has the service (the unique index settles a race). */
export async function insertBinding(tx: Tx, values: BindingInsert): Promise<BindingRow | null> {
  const [row] = await tx.insert(googleBindings).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateBinding(db: Conn, id: string, patch: BindingPatch): Promise<BindingRow | null> {
  const [row] = await db
    .update(googleBindings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(googleBindings.id, id))
    .returning();
  return row ?? null;
}

/** Changes a binding only while its sync is in one of `statuses` (claims, hand-overs). */
export async function updateBindingIf(
  db: Conn,
  id: string,
  statuses: string[],
  patch: BindingPatch,
): Promise<BindingRow | null> {
  const [row] = await db
    .update(googleBindings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(googleBindings.id, id), inArray(googleBindings.syncStatus, statuses)))
    .returning();
  return row ?? null;
}

export async function deleteBinding(tx: Tx, id: string): Promise<BindingRow | null> {
  const [row] = await tx.delete(googleBindings).where(eq(googleBindings.id, id)).returning();
  return row ?? null;
}

/** Turns an active binding into 'needs reconnect' once; null when it already was (or is gone). */
export async function markNeedsReconnect(db: Conn, id: string, message: string): Promise<BindingRow | null> {
  const now = new Date();
  const [row] = await db
    .update(googleBindings)
    .set({
      status: 'needs_reconnect',
      syncStatus: 'failed',
      syncNextAttemptAt: null,
      lastError: message,
      lastErrorAt: now,
      updatedAt: now,
    })
    .where(and(eq(googleBindings.id, id), eq(googleBindings.status, 'active')))
    .returning();
  return row ?? null;
}

/** Other bindings holding tokens of the same Google account (revoking at Google would end theirs). */
export async function countSameAccount(db: Conn, googleSub: string, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(googleBindings)
    .where(and(eq(googleBindings.googleSub, googleSub), ne(googleBindings.id, exceptId)));
  return row?.n ?? 0;
}

/** Other bindings of the team that sync the same property, site or customer (they share its rows). */
export async function countSameSelection(
  db: Conn,
  teamId: string,
  service: string,
  selectedId: string,
  exceptId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(googleBindings)
    .where(
      and(
        eq(googleBindings.teamId, teamId),
        eq(googleBindings.service, service),
        eq(googleBindings.selectedId, selectedId),
        ne(googleBindings.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/** Bindings the daily run brings up to date: active, chosen, backfilled, not syncing now. */
export async function bindingsDueDaily(db: Db): Promise<BindingRow[]> {
  return db
    .select()
    .from(googleBindings)
    .where(
      and(
        eq(googleBindings.status, 'active'),
        isNotNull(googleBindings.selectedId),
        isNotNull(googleBindings.backfilledAt),
        inArray(googleBindings.syncStatus, ['idle', 'succeeded', 'failed']),
      ),
    );
}

/** Runs left queued or waiting whose time has come (a lost job, a restart): the sweep queues them again. */
export async function bindingsOverdue(db: Db, now: Date): Promise<BindingRow[]> {
  return db
    .select()
    .from(googleBindings)
    .where(
      and(
        eq(googleBindings.status, 'active'),
        or(
          and(eq(googleBindings.syncStatus, 'waiting'), lt(googleBindings.syncNextAttemptAt, now)),
          and(
            inArray(googleBindings.syncStatus, ['queued', 'running']),
            lt(googleBindings.updatedAt, new Date(now.getTime() - 10 * 60_000)),
          ),
        ),
      ),
    );
}

// --- one writer per team ------------------------------------------------------------------------

/** Takes (or renews) the team's sync lease for `holder`; false while another holder has it. */
export async function takeLease(db: Db, teamId: string, holder: string, seconds: number): Promise<boolean> {
  const until = new Date(Date.now() + seconds * 1000);
  const rows = await db
    .insert(connectorTeamLeases)
    .values({ teamId, holder, until })
    .onConflictDoUpdate({
      target: connectorTeamLeases.teamId,
      set: { holder, until },
      setWhere: or(eq(connectorTeamLeases.holder, holder), lt(connectorTeamLeases.until, new Date())),
    })
    .returning({ holder: connectorTeamLeases.holder });
  return rows.length > 0;
}

export async function releaseLease(db: Db, teamId: string, holder: string): Promise<void> {
  await db
    .delete(connectorTeamLeases)
    .where(and(eq(connectorTeamLeases.teamId, teamId), eq(connectorTeamLeases.holder, holder)));
}

// --- messages -----------------------------------------------------------------------------------

export async function teamName(db: Conn, teamId: string): Promise<string> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name ?? '';
}

// --- admin --------------------------------------------------------------------------------------

const boundBy = users;

const bindingList = bindList(adminBindingListFields, {
  service: googleBindings.service,
  team_name: teams.name,
  account_email: googleBindings.accountEmail,
  needs_reconnect: sql`(${googleBindings.status} = 'needs_reconnect')`,
  sync_status: googleBindings.syncStatus,
  bound_at: googleBindings.boundAt,
});

export function listAdminBindingRows(db: Db, query: ListQuery) {
  const where = listWhere(query, bindingList, (q) =>
    searchColumns(q, [teams.name, googleBindings.accountEmail]),
  );
  const base = () =>
    db
      .select({
        binding: googleBindings,
        teamName: teams.name,
        projectName: projects.name,
        boundByEmail: boundBy.email,
      })
      .from(googleBindings)
      .innerJoin(teams, eq(teams.id, googleBindings.teamId))
      .leftJoin(projects, eq(projects.id, googleBindings.projectId))
      .leftJoin(boundBy, eq(boundBy.id, googleBindings.boundBy))
      .where(where)
      .$dynamic();
  return listPage(
    db,
    query,
    base,
    listOrder(query, bindingList, [desc(googleBindings.boundAt), desc(googleBindings.id)]),
    () =>
      db
        .select({ id: googleBindings.id })
        .from(googleBindings)
        .innerJoin(teams, eq(teams.id, googleBindings.teamId))
        .where(where)
        .$dynamic(),
  );
}

/** Per service: teams bound, bindings, needing reconnect, syncing. */
export function platformCounts(db: Db) {
  return db
    .select({
      service: googleBindings.service,
      teams: sql<number>`count(distinct ${googleBindings.teamId})::int`,
      bindings: sql<number>`count(*)::int`,
      needsReconnect: sql<number>`(count(*) filter (where ${googleBindings.status} = 'needs_reconnect'))::int`,
      syncing: sql<number>`(count(*) filter (where ${googleBindings.syncStatus} in ('queued', 'running', 'waiting')))::int`,
    })
    .from(googleBindings)
    .groupBy(googleBindings.service);
}

/** The latest errors of a service's bindings, newest first. */
export function recentBindingErrors(db: Db, service: string, limit: number) {
  return db
    .select({
      at: googleBindings.lastErrorAt,
      teamId: googleBindings.teamId,
      teamName: teams.name,
      message: googleBindings.lastError,
    })
    .from(googleBindings)
    .innerJoin(teams, eq(teams.id, googleBindings.teamId))
    .where(
      and(
        eq(googleBindings.service, service),
        isNotNull(googleBindings.lastError),
        isNotNull(googleBindings.lastErrorAt),
      ),
    )
    .orderBy(desc(googleBindings.lastErrorAt))
    .limit(limit);
}
