import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { type AdminTeamRecord, findTeamRow, listTeamRows, teamMemberRows } from './admin-teams.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { findTeamRow } from './admin-teams.repo';

function toRow(row: AdminTeamRecord) {
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    owner: { id: row.ownerId, username: row.ownerName, email: row.ownerEmail },
    members_count: Number(row.members ?? 0),
    created_at: toSeconds(row.createdAt),
  };
}

export async function listAdminTeams(platform: Platform, query: ListQuery) {
  return toListPage(query, await listTeamRows(platform.db, query), toRow);
}

export async function getAdminTeam(platform: Platform, id: string) {
  const team = await findTeamRow(platform.db, id);
  if (!team) throw new AppError('NOT_FOUND', { msg: 'Team not found' });
  const members = await teamMemberRows(platform.db, id);
  return {
    team: toRow(team),
    members: members.map(({ joinedAt, ...member }) => ({ ...member, joined_at: toSeconds(joinedAt) })),
  };
}
