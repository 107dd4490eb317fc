import type { Translate } from './translate';

/**
 * Team and project roles as people read them, from one place for every page. Each msgid is a
 * literal so the translation check sees it; a value this build does not know (a newer server) is
 * shown as sent rather than hidden.
 */
export function teamRoleLabel(role: string, t: Translate): string {
  switch (role) {
    case 'owner':
      return t('Owner');
    case 'admin':
      return t('Admin');
    case 'member':
      return t('Member');
    default:
      return role;
  }
}

/** A project role (and an invite's role): admin or member, worded as the team's. */
export function projectRoleLabel(role: string, t: Translate): string {
  return role === 'owner' ? role : teamRoleLabel(role, t);
}

/** Which projects a list shows: the current team's, or those shared with me from other teams. */
export function projectScopeLabel(scope: string, t: Translate): string {
  switch (scope) {
    case 'team':
      return t('This team');
    case 'shared':
      return t('Shared with me');
    default:
      return scope;
  }
}
