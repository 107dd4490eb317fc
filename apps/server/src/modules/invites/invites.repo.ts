import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { projectInvites, projects, teamInvites, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Conn = Db | Tx;

/**
 * What an invite lets someone join: a team or one project. Team and project invites are the same
 * rows in two tables (each cascades with its own team or project); every query below is written
 * once and picks its table by the scope's kind.
 */
export type InviteKind = 'team' | 'project';
export interface InviteScope {
  kind: InviteKind;
  /** The team's or the project's id. */
  id: string;
}

const TABLES = {
  team: { table: teamInvites, scopeId: teamInvites.teamId },
  project: { table: projectInvites, scopeId: projectInvites.projectId },
} as const;

const inviters = alias(users, 'inviters');

function columnsOf(kind: InviteKind) {
  const { table, scopeId } = TABLES[kind];
  return {
    id: table.id,
    scopeId,
    email: table.email,
    role: table.role,
    invitedByName: inviters.name,
    expiresAt: table.expiresAt,
    acceptedAt: table.acceptedAt,
    revokedAt: table.revokedAt,
    createdAt: table.createdAt,
  };
}

function selectInvites(db: Conn, kind: InviteKind) {
  const { table } = TABLES[kind];
  return db
    .select(columnsOf(kind))
    .from(table)
    .leftJoin(inviters, eq(inviters.id, table.invitedBy))
    .$dynamic();
}

export type InviteRecord = Awaited<ReturnType<typeof pendingInvites>>[number];

/** Not yet accepted nor revoked (expired ones included, marked so by the service). */
export function pendingInvites(db: Conn, scope: InviteScope) {
  const { table, scopeId } = TABLES[scope.kind];
  return selectInvites(db, scope.kind)
    .where(and(eq(scopeId, scope.id), isNull(table.acceptedAt), isNull(table.revokedAt)))
    .orderBy(desc(table.createdAt), desc(table.id));
}

/** One invite of the team or project (another scope's invite is not found). */
export async function findInvite(db: Conn, scope: InviteScope, inviteId: string) {
  const { table, scopeId } = TABLES[scope.kind];
  const [row] = await selectInvites(db, scope.kind).where(and(eq(scopeId, scope.id), eq(table.id, inviteId)));
  return row ?? null;
}

export async function insertInvite(
  tx: Tx,
  scope: InviteScope,
  invite: { email: string; role: string; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<string> {
  const [row] =
    scope.kind === 'team'
      ? await tx
          .insert(teamInvites)
          .values({ ...invite, teamId: scope.id })
          .returning({ id: teamInvites.id })
      : await tx
          .insert(projectInvites)
          .values({ ...invite, projectId: scope.id })
          .returning({ id: projectInvites.id });
  if (!row) throw new Error('invite was not created');
  return row.id;
}

/** Pending invites to one address are replaced by a new one, so only the newest link works. */
export async function revokePendingTo(tx: Tx, scope: InviteScope, email: string) {
  const { table, scopeId } = TABLES[scope.kind];
  await tx
    .update(table)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(scopeId, scope.id), eq(table.email, email), isNull(table.acceptedAt), isNull(table.revokedAt)),
    );
}

export async function revokeInviteRow(db: Conn, scope: InviteScope, inviteId: string) {
  const { table, scopeId } = TABLES[scope.kind];
  await db
    .update(table)
    .set({ revokedAt: new Date() })
    .where(and(eq(scopeId, scope.id), eq(table.id, inviteId), isNull(table.revokedAt)));
}

function teamInviteByHash(db: Conn, tokenHash: string, lock?: 'lock') {
  const query = db
    .select({ ...columnsOf('team'), teamId: teams.id, teamName: teams.name })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .leftJoin(inviters, eq(inviters.id, teamInvites.invitedBy))
    .where(eq(teamInvites.tokenHash, tokenHash));
  return lock ? query.for('update', { of: teamInvites }) : query;
}

function projectInviteByHash(db: Conn, tokenHash: string, lock?: 'lock') {
  const query = db
    .select({ ...columnsOf('project'), teamId: teams.id, teamName: teams.name, projectName: projects.name })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .innerJoin(teams, eq(teams.id, projects.teamId))
    .leftJoin(inviters, eq(inviters.id, projectInvites.invitedBy))
    .where(eq(projectInvites.tokenHash, tokenHash));
  return lock ? query.for('update', { of: projectInvites }) : query;
}

/** An invite found by its link, with the names its page shows and the team it leads to. */
export interface InviteByHash {
  team: Awaited<ReturnType<typeof teamInviteByHash>>[number];
  project: Awaited<ReturnType<typeof projectInviteByHash>>[number];
}

/**
 * By the hash of the link's token, with the names the invite page shows and the team it leads to
 * (a project's own team); `lock` holds the row so it is accepted at most once.
 */
export async function findInviteByHash<K extends InviteKind>(
  db: Conn,
  kind: K,
  tokenHash: string,
  lock?: 'lock',
): Promise<InviteByHash[K] | null> {
  // The two joins differ (a project invite also names its team); TypeScript cannot narrow K.
  const [row] = (await (kind === 'team'
    ? teamInviteByHash(db, tokenHash, lock)
    : projectInviteByHash(db, tokenHash, lock))) as InviteByHash[K][];
  return row ?? null;
}

export async function markAccepted(tx: Tx, kind: InviteKind, accepted: { inviteId: string; userId: string }) {
  const { table } = TABLES[kind];
  await tx
    .update(table)
    .set({ acceptedAt: new Date(), acceptedBy: accepted.userId })
    .where(eq(table.id, accepted.inviteId));
}

/**
 * The address an invitee's account has now and whether they proved they read it, read from the
 * row (not the session's copy) so a verification a moment ago counts.
 */
export async function findInviteeAddress(db: Conn, userId: string) {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
