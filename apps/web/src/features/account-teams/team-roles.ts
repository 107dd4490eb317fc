import type { TeamRole } from '@app/contract/account/teams/teams';

type Translate = (msgid: string) => string;

/** The invite and role pickers: what each role may do (ARCHITECTURE section 6). */
export function teamRoleOptions(t: Translate): { value: 'admin' | 'member'; label: string }[] {
  return [
    { value: 'member', label: t('Member: works in the team and its projects') },
    { value: 'admin', label: t('Admin: also renames the team, invites and removes members') },
  ];
}

/**
 * What the viewer's role lets them do, mirroring the server's policy (modules/teams/team-policy.ts)
 * so the page shows only controls that can work; the server still decides every call.
 */
export function teamRights(role: TeamRole, personal: boolean) {
  const owner = role === 'owner';
  const manager = owner || role === 'admin';
  return {
    rename: manager,
    invite: manager,
    changeRoles: owner,
    transfer: owner && !personal,
    delete: owner,
    /** The owner hands the team over first; everyone else may leave. */
    leave: !owner,
    /** Owner: anyone but the owner; admin: plain members only. */
    remove: (target: TeamRole) => target !== 'owner' && (owner || (role === 'admin' && target === 'member')),
  };
}
