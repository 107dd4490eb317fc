import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teamInvites, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Conn = Db | Tx;

const inviters = alias(users, 'inviters');

const inviteColumns = {
  id: teamInvites.id,
  teamId: teamInvites.teamId,
  email: teamInvites.email,
  role: teamInvites.role,
  invitedByName: inviters.name,
  expiresAt: teamInvites.expiresAt,
  acceptedAt: teamInvites.acceptedAt,
  revokedAt: teamInvites.revokedAt,
  createdAt: teamInvites.createdAt,
};

export type TeamInviteRecord = Awaited<ReturnType<typeof pendingInvites>>[number];

/** Not yet accepted nor revoked (expired ones included, marked so by the service). */
export function pendingInvites(db: Conn, teamId: string) {
  return db
    .select(inviteColumns)
    .from(teamInvites)
    .leftJoin(inviters, eq(inviters.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.teamId, teamId), isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt)))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
}

export async function findInvite(db: Conn, teamId: string, inviteId: string) {
  const [row] = await db
    .select(inviteColumns)
    .from(teamInvites)
    .leftJoin(inviters, eq(inviters.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.id, inviteId)));
  return row ?? null;
}

export async function insertInvite(
  tx: Tx,
  invite: {
    teamId: string;
    email: string;
    role: string;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(teamInvites).values(invite).returning({ id: teamInvites.id });
  if (!row) throw new Error('invite was not created');
  return row.id;
}

/** Pending invites to one address are replaced by a new one, so only the newest link works. */
export async function revokePendingTo(tx: Tx, teamId: string, email: string) {
  await tx
    .update(teamInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(teamInvites.teamId, teamId),
        eq(teamInvites.email, email),
        isNull(teamInvites.acceptedAt),
        isNull(teamInvites.revokedAt),
      ),
    );
}

export async function revokeInviteRow(db: Conn, teamId: string, inviteId: string) {
  await db
    .update(teamInvites)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.id, inviteId), isNull(teamInvites.revokedAt)));
}

/** By the hash of the link's token; `lock` holds the row so it is accepted at most once. */
export async function findInviteByHash(db: Conn, tokenHash: string, lock?: 'lock') {
  const query = db
    .select({ ...inviteColumns, teamName: teams.name })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .leftJoin(inviters, eq(inviters.id, teamInvites.invitedBy))
    .where(eq(teamInvites.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: teamInvites }) : await query;
  return row ?? null;
}

export async function markAccepted(tx: Tx, inviteId: string, userId: string) {
  await tx
    .update(teamInvites)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(eq(teamInvites.id, inviteId));
}
