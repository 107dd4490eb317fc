import { type PageDefinition, signedInPage } from './page-route';

/**
 * Pages of the admin console (spec section 2, "Admin shell"), rendered inside its own shell with
 * the side menu. Each page is its own lazy chunk; the server's permission list decides who may
 * open it. A page added here also appears in the side menu, where `admin-menu.ts` places it.
 */
export const adminPages: PageDefinition[] = [
  signedInPage('/admin', () =>
    import('../../features/admin-dashboard/dashboard-page').then((m) => m.DashboardPage),
  ),
  signedInPage('/admin/user/users', () =>
    import('../../features/admin-users/users-page').then((m) => m.UsersPage),
  ),
  signedInPage('/admin/user/details', () =>
    import('../../features/admin-users/user-details-page').then((m) => m.UserDetailsPage),
  ),
  signedInPage('/admin/user/roles', () =>
    import('../../features/admin-roles/roles-page').then((m) => m.RolesPage),
  ),
  signedInPage('/admin/user/teams', () =>
    import('../../features/admin-teams/teams-page').then((m) => m.TeamsPage),
  ),
  signedInPage('/admin/permission', () =>
    import('../../features/admin-permissions/permission-matrix-page').then((m) => m.PermissionMatrixPage),
  ),
  signedInPage('/admin/permission/api-pages', () =>
    import('../../features/admin-permissions/api-pages-page').then((m) => m.ApiPagesPage),
  ),
  signedInPage('/admin/sys-logs/operation-record', () =>
    import('../../features/admin-logs/operation-records-page').then((m) => m.OperationRecordsPage),
  ),
  signedInPage('/admin/sys-logs/server-error', () =>
    import('../../features/admin-logs/server-errors-page').then((m) => m.ServerErrorsPage),
  ),
  signedInPage('/admin/system/schedule/notify/logs', () =>
    import('../../features/admin-logs/job-runs-page').then((m) => m.JobRunsPage),
  ),
  signedInPage('/admin/msg/notice', () =>
    import('../../features/admin-messages/notices-page').then((m) => m.NoticesPage),
  ),
  signedInPage('/admin/msg/send', () =>
    import('../../features/admin-messages/send-page').then((m) => m.SendMessagesPage),
  ),
  signedInPage('/admin/msg/email-logs', () =>
    import('../../features/admin-messages/email-logs-page').then((m) => m.EmailLogsPage),
  ),
];
