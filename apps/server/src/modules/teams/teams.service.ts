import type { MyTeam, TeamRole } from '@app/contract/account/teams/teams';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { assertTeamCan, toTeamRole } from './team-policy';
import {
  clearCurrentTeam,
  deleteTeamRow,
  findMembership,
  insertTeam,
  lockMembership,
  type MembershipRecord,
  myTeams,
  setCurrentTeam,
  teamFileKeys,
  updateTeamName,
} from './teams.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { findMembership, lockTeam, setCurrentTeam } from './teams.repo';

/**
 * Every user gets a personal team on sign-up (ARCHITECTURE section 6); it holds their plan and data.
 * Its name is written in the sign-up's language ("Ann's team", "Ann的团队"): from then on it is the
 * team's name like any a person types, shown as written and renamable.
 */
export async function createPersonalTeam(
  db: Db,
  user: { id: string; name: string },
  t: (msgid: string) => string = (msgid) => msgid,
): Promise<string> {
  const name = t("{{name}}'s team").replace('{{name}}', user.name).slice(0, 60);
  return db.transaction((tx) => insertTeam(tx, { name, personal: true, ownerId: user.id }));
}

export type Membership = Omit<MembershipRecord, 'role'> & { role: TeamRole };

export const TEAM_NOT_FOUND = 'Team not found';

/**
 * The caller's membership of a team. A team the caller is not in is NOT_FOUND, not FORBIDDEN:
 * its existence is not revealed.
 */
export async function requireTeam(db: Db, ctx: SignedInContext, teamId: string): Promise<Membership> {
  const row = await findMembership(db, teamId, ctx.user.id);
  if (!row) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  return { ...row, role: toTeamRole(row.role) };
}

/** The current team of the request (ctx.team, resolved with the session). */
export function currentTeam(ctx: SignedInContext): { id: string; name: string; role: TeamRole } {
  return { id: ctx.team.id, name: ctx.team.name, role: toTeamRole(ctx.team.role) };
}

type MyTeamRecord = Awaited<ReturnType<typeof myTeams>>[number];

function toMyTeam(row: MyTeamRecord, currentId: string | undefined): MyTeam {
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    role: toTeamRole(row.role),
    members_count: Number(row.membersCount),
    current: row.id === currentId,
    created_at: toSeconds(row.createdAt),
  };
}

/** One of the caller's teams as the answers show it; `currentId` when it just changed. */
export async function myTeam(
  db: Db,
  ctx: SignedInContext,
  { teamId, currentId = ctx.team.id }: { teamId: string; currentId?: string },
): Promise<MyTeam> {
  const [row] = await myTeams(db, ctx.user.id, teamId);
  if (!row) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  return toMyTeam(row, currentId);
}

export async function listMyTeams(platform: Platform, ctx: SignedInContext) {
  const rows = await myTeams(platform.db, ctx.user.id);
  return { items: rows.map((row) => toMyTeam(row, ctx.team.id)) };
}

/** Anyone may create a team and owns it; they keep working where they are until they switch. */
export async function createTeam(platform: Platform, ctx: SignedInContext, name: string) {
  const user = ctx.user;
  const id = await platform.db.transaction((tx) =>
    insertTeam(tx, { name, personal: false, ownerId: user.id }),
  );
  return { team: await myTeam(platform.db, ctx, { teamId: id }) };
}

export async function renameTeam(platform: Platform, ctx: SignedInContext, teamId: string, name: string) {
  const team = await requireTeam(platform.db, ctx, teamId);
  assertTeamCan(team.role, 'team.rename');
  await updateTeamName(platform.db, teamId, name);
  return { team: await myTeam(platform.db, ctx, { teamId }) };
}

/**
 * Owner only. The personal team stays: it is where every user falls back to. Members who worked
 * in the team fall back to their personal team; the team's stored files are removed after the
 * rows are gone (a failed removal leaves bytes, never a row without bytes).
 */
export async function deleteTeam(platform: Platform, ctx: SignedInContext, teamId: string) {
  const user = ctx.user;
  const keys = await platform.db.transaction(async (tx) => {
    const row = await lockMembership(tx, teamId, user.id);
    if (!row) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
    assertTeamCan(toTeamRole(row.role), 'team.delete');
    if (row.personal) throw new AppError('CONFLICT', { msg: 'The personal team cannot be deleted' });
    const fileKeys = await teamFileKeys(tx, teamId);
    await clearCurrentTeam(tx, teamId);
    await deleteTeamRow(tx, teamId);
    return fileKeys;
  });
  await Promise.allSettled(keys.map((key) => platform.files.remove(key)));
  return { deleted: true as const };
}

export async function switchCurrentTeam(platform: Platform, ctx: SignedInContext, teamId: string) {
  const user = ctx.user;
  await requireTeam(platform.db, ctx, teamId);
  await setCurrentTeam(platform.db, user.id, teamId);
  return { team: await myTeam(platform.db, ctx, { teamId, currentId: teamId }) };
}
