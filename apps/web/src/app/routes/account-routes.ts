import { type PageDefinition, signedInPage } from './page-route';

/**
 * Pages of the desktop personal shell (spec section 2, "Desktop personal shell"), rendered with
 * its side menu. A page added here appears in that menu where `personal-menu.ts` places it; the
 * billing pages (subscription, orders, wallets, storage, usage, connectors) join with their
 * features.
 */
export const accountPages: PageDefinition[] = [
  signedInPage('/pc/personal-index', () =>
    import('../../features/account-overview/personal-index-page').then((m) => m.PersonalIndexPage),
  ),
  signedInPage('/account/personal/profile', () =>
    import('../../features/account-profile/profile-page').then((m) => m.ProfilePage),
  ),
  signedInPage('/account/personalization', () =>
    import('../../features/account-personalization/personalization-page').then((m) => m.PersonalizationPage),
  ),
  signedInPage('/account/security', () =>
    import('../../features/account-security/security-page').then((m) => m.SecurityPage),
  ),
  signedInPage('/account/team-manager', () =>
    import('../../features/account-teams/team-manager-page').then((m) => m.TeamManagerPage),
  ),
  signedInPage('/teams/accept-invite', () =>
    import('../../features/account-teams/accept-team-invite-page').then((m) => m.AcceptTeamInvitePage),
  ),
  signedInPage('/account/project/:id?', () =>
    import('../../features/account-projects/projects-page').then((m) => m.ProjectsPage),
  ),
  signedInPage('/account/brand-center', () =>
    import('../../features/account-brand/brand-center-page').then((m) => m.BrandCenterPage),
  ),
  signedInPage('/account/sys-settings', () =>
    import('../../features/account-sys-settings/sys-settings-page').then((m) => m.SysSettingsPage),
  ),
  signedInPage('/account/messages', () =>
    import('../../features/account-messages/messages-page').then((m) => m.MessagesPage),
  ),
];
