import type { TeamRole } from '@app/contract/account/teams/teams';
import { AppError } from '../../platform/app-error';

const everyone: readonly TeamRole[] = ['owner', 'admin', 'member'];
const managers: readonly TeamRole[] = ['owner', 'admin'];
const ownerOnly: readonly TeamRole[] = ['owner'];

/**
 * What each team role may do (ARCHITECTURE section 6: owner, admin, member), in one table that
 * every team, project and brand service asks. Non-members never get here: they are NOT_FOUND
 * before any rule is read, so a team's existence is not revealed.
 */
const grants = {
  'team.rename': managers,
  'team.delete': ownerOnly,
  'team.transfer': ownerOnly,
  'members.view': everyone,
  'members.invite': managers,
  'members.change_role': ownerOnly,
  'members.remove': managers,
  'brand.view': everyone,
  'brand.edit': managers,
  'projects.create': everyone,
  /** See and manage every project of the team, member of it or not. */
  'projects.manage_all': managers,
  /** Add, choose the default of and remove the team's saved cards (everyone sees them). */
  'payment_methods.manage': managers,
} as const satisfies Record<string, readonly TeamRole[]>;

export type TeamAction = keyof typeof grants;

const refusals: Partial<Record<TeamAction, string>> = {
  'team.rename': 'Only the owner or an admin may rename the team',
  'team.delete': 'Only the owner may delete the team',
  'team.transfer': 'Only the owner may transfer the team',
  'members.invite': 'Only the owner or an admin may invite or revoke invites',
  'members.change_role': 'Only the owner may change roles',
  'members.remove': 'Only the owner or an admin may remove members',
  'brand.edit': 'Only the owner or an admin may edit the brand',
  'payment_methods.manage': "Only the owner or an admin may change the team's payment methods",
};

export function teamCan(role: TeamRole, action: TeamAction): boolean {
  return (grants[action] as readonly TeamRole[]).includes(role);
}

/** For queries that filter by the same rule (e.g. projects a team admin sees without being in them). */
export function rolesThatCan(action: TeamAction): TeamRole[] {
  return [...grants[action]];
}

export function assertTeamCan(role: TeamRole, action: TeamAction): void {
  if (!teamCan(role, action)) throw new AppError('FORBIDDEN', { msg: refusals[action] });
}

/** The owner is never removed (transfer first); admins remove plain members only. */
export function assertMayRemoveMember(actor: TeamRole, target: TeamRole): void {
  assertTeamCan(actor, 'members.remove');
  if (target === 'owner') {
    throw new AppError('CONFLICT', { msg: 'The owner cannot be removed; transfer ownership first' });
  }
  if (actor === 'admin' && target !== 'member') {
    throw new AppError('FORBIDDEN', { msg: 'Admins may remove plain members only' });
  }
}

/** Roles are text in the database; anything unexpected counts as the least privileged. */
export function toTeamRole(value: string): TeamRole {
  return value === 'owner' || value === 'admin' ? value : 'member';
}
