import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { projectInvites, projects, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Conn = Db | Tx;

const inviters = alias(users, 'inviters');

const inviteColumns = {
  id: projectInvites.id,
  projectId: projectInvites.projectId,
  email: projectInvites.email,
  role: projectInvites.role,
  invitedByName: inviters.name,
  expiresAt: projectInvites.expiresAt,
  acceptedAt: projectInvites.acceptedAt,
  revokedAt: projectInvites.revokedAt,
  createdAt: projectInvites.createdAt,
};

/** Not yet accepted nor revoked (expired ones included, marked so by the service). */
export function pendingProjectInvites(db: Conn, projectId: string) {
  return db
    .select(inviteColumns)
    .from(projectInvites)
    .leftJoin(inviters, eq(inviters.id, projectInvites.invitedBy))
    .where(
      and(
        eq(projectInvites.projectId, projectId),
        isNull(projectInvites.acceptedAt),
        isNull(projectInvites.revokedAt),
      ),
    )
    .orderBy(desc(projectInvites.createdAt), desc(projectInvites.id));
}

export async function findProjectInvite(db: Conn, projectId: string, inviteId: string) {
  const [row] = await db
    .select(inviteColumns)
    .from(projectInvites)
    .leftJoin(inviters, eq(inviters.id, projectInvites.invitedBy))
    .where(and(eq(projectInvites.projectId, projectId), eq(projectInvites.id, inviteId)));
  return row ?? null;
}

export async function insertProjectInvite(
  tx: Tx,
  invite: {
    projectId: string;
    email: string;
    role: string;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(projectInvites).values(invite).returning({ id: projectInvites.id });
  if (!row) throw new Error('invite was not created');
  return row.id;
}

/** Pending invites to one address are replaced by a new one, so only the newest link works. */
export async function revokePendingProjectInvitesTo(tx: Tx, projectId: string, email: string) {
  await tx
    .update(projectInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(projectInvites.projectId, projectId),
        eq(projectInvites.email, email),
        isNull(projectInvites.acceptedAt),
        isNull(projectInvites.revokedAt),
      ),
    );
}

export async function revokeProjectInviteRow(db: Conn, projectId: string, inviteId: string) {
  await db
    .update(projectInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(projectInvites.projectId, projectId),
        eq(projectInvites.id, inviteId),
        isNull(projectInvites.revokedAt),
      ),
    );
}

/** By the hash of the link's token; `lock` holds the row so it is accepted at most once. */
export async function findProjectInviteByHash(db: Conn, tokenHash: string, lock?: 'lock') {
  const query = db
    .select({ ...inviteColumns, projectName: projects.name, teamId: teams.id, teamName: teams.name })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .innerJoin(teams, eq(teams.id, projects.teamId))
    .leftJoin(inviters, eq(inviters.id, projectInvites.invitedBy))
    .where(eq(projectInvites.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: projectInvites }) : await query;
  return row ?? null;
}

export async function markProjectInviteAccepted(tx: Tx, inviteId: string, userId: string) {
  await tx
    .update(projectInvites)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(eq(projectInvites.id, inviteId));
}
