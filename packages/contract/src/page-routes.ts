import type { Permission } from './permission-codes';

/**
 * Every page route of spec section 2 with the permission that opens it. The server answers
 * `/api/routes/permission/list` from this registry and the roles' grants; the web router marks
 * its routes with the same paths. Optional segments are written `{name?}`.
 */
export interface PageRoute {
  path: string;
  permission: Permission;
}

const open = (path: string): PageRoute => ({ path, permission: 'public' });
const signedIn = (path: string): PageRoute => ({ path, permission: 'signed_in' });
const admin = (path: string, code: `admin.${string}.${string}`): PageRoute => ({ path, permission: code });

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Public
  open('/login'),
  open('/sign-up'),
  open('/wechat-bind-callback'),
  open('/google/oauth/code/callback'),
  open('/projects/accept-invite'),
  open('/reset-password'),
  open('/403'),
  open('/500'),
  open('/doc/{type}/apis/{docID?}'),
  // Login required
  signedIn('/'),
  signedIn('/ai-table'),
  signedIn('/ai-table/analysis'),
  signedIn('/chat'),
  signedIn('/chat/{chat_id}'),
  signedIn('/usm/plan'),
  signedIn('/moblie/personal-center'),
  signedIn('/moblie/personal-settings'),
  signedIn('/pc/personal-index'),
  signedIn('/account/personal/profile'),
  signedIn('/account/personalization'),
  signedIn('/account/team-manager'),
  signedIn('/teams/accept-invite'),
  signedIn('/account/brand-center'),
  signedIn('/account/subscription-history'),
  signedIn('/account/security'),
  signedIn('/account/connectors'),
  signedIn('/account/project/{id?}'),
  signedIn('/account/sys-settings'),
  signedIn('/account/usage'),
  signedIn('/account/subscription'),
  signedIn('/account/orders'),
  signedIn('/account/order/confirm'),
  signedIn('/account/order/details'),
  signedIn('/payment/order-details'),
  signedIn('/payment'),
  signedIn('/payment/result'),
  signedIn('/account/wallets/invoices'),
  signedIn('/account/wallet/payment-method'),
  signedIn('/account/invoice/details'),
  signedIn('/account/user/storage'),
  signedIn('/account/messages'),
  // Admin
  admin('/admin', 'admin.dashboard.view'),
  admin('/admin/ai-usage-report', 'admin.ai_usage.view'),
  admin('/admin/user/users', 'admin.users.view'),
  admin('/admin/user/details', 'admin.users.view'),
  admin('/admin/user/roles', 'admin.roles.view'),
  admin('/admin/user/teams', 'admin.teams.view'),
  admin('/admin/permission', 'admin.permissions.view'),
  admin('/admin/permission/api-pages', 'admin.permissions.view'),
  admin('/admin/permission/rest-token', 'admin.rest_tokens.view'),
  admin('/admin/system/data-cache', 'admin.data_cache.view'),
  admin('/admin/system/data-cache/func-cache', 'admin.data_cache.view'),
  admin('/admin/usm/plan', 'admin.plans.view'),
  admin('/admin/usm/subscription', 'admin.subscriptions.view'),
  admin('/admin/usm/resources/summary', 'admin.resources.view'),
  admin('/admin/usm/resources/credits', 'admin.credits.view'),
  admin('/admin/usm/resources/credits/usage-logs', 'admin.credits.view'),
  admin('/admin/usm/function/permission', 'admin.plans.view'),
  admin('/admin/order', 'admin.orders.view'),
  admin('/admin/order/details', 'admin.orders.view'),
  admin('/admin/invoice', 'admin.invoices.view'),
  admin('/admin/invoice/details', 'admin.invoices.view'),
  admin('/admin/financial', 'admin.financial.view'),
  admin('/admin/stripe/payment-indent', 'admin.stripe.view'),
  admin('/admin/stripe/subscription', 'admin.stripe.view'),
  admin('/admin/stripe/schedule', 'admin.stripe.view'),
  admin('/admin/sys-functions/multiple-languages', 'admin.languages.view'),
  admin('/admin/sys-functions/help-tags-style', 'admin.help_tags.view'),
  admin('/admin/sys-functions/help-tags', 'admin.help_tags.view'),
  admin('/admin/storage', 'admin.storage.view'),
  admin('/admin/storage/stat', 'admin.storage.view'),
  admin('/admin/sys-settings/dynamic-configs', 'admin.settings.view'),
  admin('/admin/sys-settings/foreign-keys', 'admin.foreign_keys.view'),
  admin('/admin/sys-settings/backup-recovery', 'admin.backups.view'),
  admin('/admin/msg/email-logs', 'admin.messages.view'),
  admin('/admin/msg/notice', 'admin.messages.view'),
  admin('/admin/msg/send', 'admin.messages.view'),
  admin('/admin/sys-logs/operation-record', 'admin.logs.view'),
  admin('/admin/system/schedule/notify/logs', 'admin.logs.view'),
  admin('/admin/sys-logs/server-error', 'admin.logs.view'),
  admin('/admin/logs/open-api/requests', 'admin.logs.view'),
  ...[
    'integrator',
    'smart-capture',
    'diff-finetune',
    'prompting',
    'params-coverage',
    'assistant',
    'parameters',
    'workflows',
    'test-cases',
    'test-case/results',
  ].map((page) => admin(`/admin/ai-toolkit/${page}`, 'admin.ai_toolkit.view')),
  admin('/admin/integ-3rd-platform/platforms', 'admin.integrations.view'),
  admin('/admin/integ-3rd-platform/interfaces', 'admin.integrations.view'),
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

/** Finds the registry entry for a concrete path (`/chat/42` -> `/chat/{chat_id}`); query strings are ignored. */
export function matchPageRoute(path: string): PageRoute | undefined {
  const bare = path.split(/[?#]/)[0] ?? path;
  return (
    compiled.find(({ route }) => route.path === bare)?.route ??
    compiled.find(({ re }) => re.test(bare))?.route
  );
}
