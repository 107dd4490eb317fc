import type { Permission, PermissionCode } from './permission-codes';

/**
 * Where a page renders: `light` pages hang from the root without antd or TanStack Query (the
 * sign-in pages, docs/performance.md); `plain` pages have the app's providers but no shell; the
 * rest render inside their shell (spec section 2: the workspace top bar, the desktop personal
 * shell, the mobile shell, the admin console).
 */
export type PageLayout = 'light' | 'plain' | 'workspace' | 'personal' | 'mobile' | 'admin';

/**
 * A page's component: its module under `apps/web/src` without the extension, `#`, the export
 * (`features/admin-users/users-page#UsersPage`). The web's router lazy-loads it; a web test fails
 * when the module or the export is missing, or when a `*-page.tsx` module is in no entry.
 */
export type PageModule = `${'features' | 'app'}/${string}-page#${string}`;

/**
 * One page of the app: the path the router serves (spec spelling, optional segments `{name?}`),
 * the permission that opens it, where it renders and its component (`cnPage`: the China-region
 * build's variant, spec section 2).
 */
export interface PageRoute {
  path: string;
  permission: Permission;
  layout: PageLayout;
  page: PageModule;
  cnPage?: PageModule;
}

const entry =
  (layout: PageLayout, permission: Permission) =>
  (path: string, page: PageModule, cnPage?: PageModule): PageRoute =>
    cnPage ? { path, permission, layout, page, cnPage } : { path, permission, layout, page };

const light = entry('light', 'public');
const plain = entry('plain', 'public');
const workspace = entry('workspace', 'signed_in');
const personal = entry('personal', 'signed_in');
const mobile = entry('mobile', 'signed_in');
const admin = (path: string, code: PermissionCode, page: PageModule): PageRoute => ({
  path,
  permission: code,
  layout: 'admin',
  page,
});

/**
 * THE catalogue of pages: the web router is built from it (`apps/web/src/app/routes/page-table.ts`),
 * the server answers `/api/routes/permission/list` and the admin permission pages from it and the
 * roles' grants. It names exactly the pages that exist: a spec route whose page is not built yet is
 * not here (menus hide items without a route), and adding a page is adding its line.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  // Public (spec section 2). The sign-in pages come in an English and a China-region variant.
  light('/login', 'features/auth/login-page#LoginPage', 'features/auth/cn-login-page#CnLoginPage'),
  light('/sign-up', 'features/auth/sign-up-page#SignUpPage', 'features/auth/cn-sign-up-page#CnSignUpPage'),
  light('/forgot-password', 'features/auth/forgot-password-page#ForgotPasswordPage'),
  light('/reset-password', 'features/auth/reset-password-page#ResetPasswordPage'),
  // The Open API for anyone, the whole API for staff (the server decides); no event stream.
  light('/doc/{type}/apis/{docID?}', 'features/api-docs/api-docs-page#ApiDocsPage'),
  // Open so an invited visitor sees what they are invited to; accepting asks them to sign in.
  plain(
    '/projects/accept-invite',
    'features/account-projects/accept-project-invite-page#AcceptProjectInvitePage',
  ),
  // Where the providers send the browser back (spec section 2, public callback routes).
  plain('/google/oauth/code/callback', 'features/auth/google-callback-page#GoogleCallbackPage'),
  plain('/wechat-bind-callback', 'features/auth/wechat-callback-page#WechatCallbackPage'),
  plain('/403', 'features/status/forbidden-page#ForbiddenPage'),
  plain('/500', 'features/status/server-error-page#ServerErrorPage'),
  // Login required, in the workspace shell (top bar with messages, language and user menu).
  workspace('/chat', 'features/chat/chat-page#ChatPage'),
  workspace('/chat/{chat_id}', 'features/chat/chat-page#ChatPage'),
  workspace('/ai-table', 'features/ai-tables/ai-tables-page#AiTablesPage'),
  workspace('/ai-table/analysis', 'features/analysis/analysis-page#AnalysisPage'),
  workspace('/usm/plan', 'features/billing-plans/plans-page#PlansPage'),
  // Mobile shell (the path's spelling is the spec's).
  mobile('/moblie/personal-center', 'app/shells/mobile-shell/personal-center-page#PersonalCenterPage'),
  mobile('/moblie/personal-settings', 'app/shells/mobile-shell/personal-settings-page#PersonalSettingsPage'),
  // Desktop personal shell: account, team, billing pages.
  personal('/pc/personal-index', 'features/account-overview/personal-index-page#PersonalIndexPage'),
  personal('/account/personal/profile', 'features/account-profile/profile-page#ProfilePage'),
  personal(
    '/account/personalization',
    'features/account-personalization/personalization-page#PersonalizationPage',
  ),
  personal('/account/security', 'features/account-security/security-page#SecurityPage'),
  personal('/account/team-manager', 'features/account-teams/team-manager-page#TeamManagerPage'),
  personal('/teams/accept-invite', 'features/account-teams/accept-team-invite-page#AcceptTeamInvitePage'),
  personal('/account/project/{id?}', 'features/account-projects/projects-page#ProjectsPage'),
  personal('/account/brand-center', 'features/account-brand/brand-center-page#BrandCenterPage'),
  personal('/account/sys-settings', 'features/account-sys-settings/sys-settings-page#SysSettingsPage'),
  personal('/account/user/storage', 'features/account-storage/storage-page#StoragePage'),
  personal('/account/messages', 'features/account-messages/messages-page#MessagesPage'),
  personal('/account/connectors', 'features/account-connectors/connectors-page#ConnectorsPage'),
  personal('/account/subscription', 'features/account-subscription/subscription-page#SubscriptionPage'),
  personal(
    '/account/subscription-history',
    'features/account-subscription/subscription-history-page#SubscriptionHistoryPage',
  ),
  personal('/account/usage', 'features/account-usage/usage-page#UsagePage'),
  personal('/account/orders', 'features/billing-orders/orders-page#OrdersPage'),
  personal('/account/order/confirm', 'features/billing-orders/order-confirm-page#OrderConfirmPage'),
  personal('/account/order/details', 'features/billing-orders/order-details-page#OrderDetailsPage'),
  personal('/payment/order-details', 'features/billing-orders/order-details-page#PaymentOrderDetailsPage'),
  personal('/payment', 'features/billing-payment/payment-page#PaymentPage'),
  personal('/payment/result', 'features/billing-payment/payment-result-page#PaymentResultPage'),
  personal('/account/wallets/invoices', 'features/account-invoices/invoices-page#InvoicesPage'),
  personal('/account/invoice/details', 'features/account-invoices/invoice-details-page#InvoiceDetailsPage'),
  personal(
    '/account/wallet/payment-method',
    'features/account-payment-methods/payment-methods-page#PaymentMethodsPage',
  ),
  // Admin console: each page its own lazy chunk, opened by its code.
  admin('/admin', 'admin.dashboard.read', 'features/admin-dashboard/dashboard-page#DashboardPage'),
  admin('/admin/user/users', 'admin.users.read', 'features/admin-users/users-page#UsersPage'),
  admin('/admin/user/details', 'admin.users.read', 'features/admin-users/user-details-page#UserDetailsPage'),
  admin('/admin/user/roles', 'admin.roles.read', 'features/admin-roles/roles-page#RolesPage'),
  admin('/admin/user/teams', 'admin.teams.read', 'features/admin-teams/teams-page#TeamsPage'),
  admin(
    '/admin/permission',
    'admin.permissions.read',
    'features/admin-permissions/permission-matrix-page#PermissionMatrixPage',
  ),
  admin(
    '/admin/permission/api-pages',
    'admin.permissions.read',
    'features/admin-permissions/api-pages-page#ApiPagesPage',
  ),
  admin('/admin/usm/plan', 'admin.plans.read', 'features/admin-plans/plans-page#PlansPage'),
  admin(
    '/admin/usm/function/permission',
    'admin.plans.read',
    'features/admin-plans/function-permissions-page#FunctionPermissionsPage',
  ),
  admin(
    '/admin/usm/subscription',
    'admin.subscriptions.read',
    'features/admin-subscriptions/subscriptions-page#SubscriptionsPage',
  ),
  admin(
    '/admin/usm/resources/summary',
    'admin.resources.read',
    'features/admin-credits/resources-summary-page#ResourcesSummaryPage',
  ),
  admin(
    '/admin/usm/resources/credits',
    'admin.credits.read',
    'features/admin-credits/credits-page#CreditsPage',
  ),
  admin(
    '/admin/usm/resources/credits/usage-logs',
    'admin.credits.read',
    'features/admin-credits/usage-logs-page#UsageLogsPage',
  ),
  admin('/admin/order', 'admin.orders.read', 'features/admin-orders/orders-page#OrdersPage'),
  admin(
    '/admin/order/details',
    'admin.orders.read',
    'features/admin-orders/order-details-page#OrderDetailsPage',
  ),
  admin('/admin/invoice', 'admin.invoices.read', 'features/admin-invoices/invoices-page#InvoicesPage'),
  admin(
    '/admin/invoice/details',
    'admin.invoices.read',
    'features/admin-invoices/invoice-details-page#InvoiceDetailsPage',
  ),
  admin('/admin/financial', 'admin.financial.read', 'features/admin-financial/financial-page#FinancialPage'),
  admin(
    '/admin/stripe/payment-indent',
    'admin.orders.read',
    'features/admin-stripe/payment-intents-page#PaymentIntentsPage',
  ),
  admin(
    '/admin/stripe/subscription',
    'admin.subscriptions.read',
    'features/admin-stripe/subscriptions-page#StripeSubscriptionsPage',
  ),
  admin(
    '/admin/stripe/schedule',
    'admin.subscriptions.read',
    'features/admin-stripe/schedules-page#StripeSchedulesPage',
  ),
  admin('/admin/storage', 'admin.storage.read', 'features/admin-storage/admin-files-page#AdminFilesPage'),
  admin(
    '/admin/storage/stat',
    'admin.storage.read',
    'features/admin-storage/storage-stat-page#StorageStatPage',
  ),
  admin(
    '/admin/sys-settings/dynamic-configs',
    'admin.settings.read',
    'features/admin-dynamic-configs/dynamic-configs-page#DynamicConfigsPage',
  ),
  admin(
    '/admin/sys-settings/foreign-keys',
    'admin.foreign_keys.read',
    'features/admin-foreign-keys/foreign-keys-page#ForeignKeysPage',
  ),
  admin(
    '/admin/permission/rest-token',
    'admin.rest_tokens.read',
    'features/admin-open-api/rest-tokens-page#RestTokensPage',
  ),
  admin(
    '/admin/logs/open-api/requests',
    'admin.logs.read',
    'features/admin-open-api/open-api-requests-page#OpenApiRequestsPage',
  ),
  admin(
    '/admin/sys-settings/backup-recovery',
    'admin.backups.read',
    'features/admin-backups/backups-page#BackupsPage',
  ),
  admin('/admin/system/data-cache', 'admin.caches.read', 'features/admin-caches/caches-page#CachesPage'),
  admin(
    '/admin/system/data-cache/func-cache',
    'admin.caches.read',
    'features/admin-caches/func-cache-page#FuncCachePage',
  ),
  admin(
    '/admin/sys-functions/multiple-languages',
    'admin.translations.read',
    'features/admin-translations/translations-page#TranslationsPage',
  ),
  admin(
    '/admin/sys-functions/help-tags',
    'admin.help_tags.read',
    'features/admin-help-tags/help-tags-page#HelpTagsPage',
  ),
  admin(
    '/admin/sys-functions/help-tags-style',
    'admin.help_tags.read',
    'features/admin-help-tags/help-tags-style-page#HelpTagsStylePage',
  ),
  admin(
    '/admin/msg/email-logs',
    'admin.messages.read',
    'features/admin-messages/email-logs-page#EmailLogsPage',
  ),
  admin('/admin/msg/notice', 'admin.messages.read', 'features/admin-messages/notices-page#NoticesPage'),
  admin('/admin/msg/send', 'admin.messages.read', 'features/admin-messages/send-page#SendMessagesPage'),
  admin(
    '/admin/sys-logs/operation-record',
    'admin.logs.read',
    'features/admin-logs/operation-records-page#OperationRecordsPage',
  ),
  admin(
    '/admin/system/schedule/notify/logs',
    'admin.logs.read',
    'features/admin-logs/job-runs-page#JobRunsPage',
  ),
  admin(
    '/admin/sys-logs/server-error',
    'admin.logs.read',
    'features/admin-logs/server-errors-page#ServerErrorsPage',
  ),
  admin(
    '/admin/integ-3rd-platform/platforms',
    'admin.integrations.read',
    'features/admin-integrations/platforms-page#PlatformsPage',
  ),
  admin(
    '/admin/integ-3rd-platform/interfaces',
    'admin.integrations.read',
    'features/admin-integrations/interfaces-page#InterfacesPage',
  ),
];

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => {
      if (/^\{\w+\?\}$/.test(segment)) return '(?:/[^/]+)?';
      if (/^\{\w+\}$/.test(segment)) return '/[^/]+';
      return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : '';
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

const compiled = PAGE_ROUTES.map((route) => ({ route, re: toRegExp(route.path) }));

/** Finds the registry entry for a concrete path (`/account/project/42` -> `/account/project/{id?}`); query strings are ignored. */
export function matchPageRoute(path: string): PageRoute | undefined {
  const bare = path.split(/[?#]/)[0] ?? path;
  return (
    compiled.find(({ route }) => route.path === bare)?.route ??
    compiled.find(({ re }) => re.test(bare))?.route
  );
}
