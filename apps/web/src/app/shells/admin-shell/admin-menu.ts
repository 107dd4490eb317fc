import {
  AppstoreAddOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  ReadOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** A page of the console. `related` pages (details, sub-pages) highlight it and extend its breadcrumb. */
export interface AdminMenuPage {
  kind: 'page';
  path: string;
  label: string;
  icon?: ComponentType;
  related?: { path: string; label: string }[];
}

export interface AdminMenuGroup {
  kind: 'group';
  key: string;
  label: string;
  icon?: ComponentType;
  children: AdminMenuNode[];
}

export type AdminMenuNode = AdminMenuPage | AdminMenuGroup;

type Translate = (msgid: string) => string;

const page = (
  path: string,
  label: string,
  extra: Partial<Pick<AdminMenuPage, 'icon' | 'related'>> = {},
): AdminMenuPage => ({ kind: 'page', path, label, ...extra });

const group = (
  key: string,
  label: string,
  children: AdminMenuNode[],
  icon?: ComponentType,
): AdminMenuGroup => ({ kind: 'group', key, label, children, icon });

/**
 * The whole side menu of spec section 2 ("Admin side menu"), in its order, including pages that
 * are not built yet: the shell shows only pages that exist in the route table and that the
 * permission list grants, and drops groups left empty. Labels are passed through `t` here, with
 * literal msgids, so the translation seeds can be checked.
 */
export function adminMenu(t: Translate): AdminMenuNode[] {
  return [
    page('/admin', t('Dashboard'), { icon: DashboardOutlined }),
    group(
      'users',
      t('Users'),
      [
        page('/admin/user/users', t('Users'), {
          related: [{ path: '/admin/user/details', label: t('User details') }],
        }),
        page('/admin/user/roles', t('Roles')),
        page('/admin/user/teams', t('Teams')),
        group('users.permissions', t('Permissions'), [
          page('/admin/permission', t('Permission matrix')),
          page('/admin/permission/api-pages', t('APIs & pages')),
          page('/admin/permission/rest-token', t('REST tokens')),
        ]),
      ],
      TeamOutlined,
    ),
    group(
      'billing',
      t('Billing'),
      [
        page('/admin/order', t('Orders'), {
          related: [{ path: '/admin/order/details', label: t('Order details') }],
        }),
        page('/admin/invoice', t('Invoices'), {
          related: [{ path: '/admin/invoice/details', label: t('Invoice details') }],
        }),
        page('/admin/financial', t('Financial report')),
        group('billing.usm', t('USM'), [
          page('/admin/usm/plan', t('Plans')),
          page('/admin/usm/subscription', t('Subscriptions')),
          page('/admin/usm/function/permission', t('Function permissions')),
        ]),
        group('billing.resources', t('Resources'), [
          page('/admin/usm/resources/summary', t('Resources summary')),
          page('/admin/usm/resources/credits', t('Credits')),
          page('/admin/usm/resources/credits/usage-logs', t('Credit usage logs')),
        ]),
        group('billing.stripe', t('Stripe'), [
          page('/admin/stripe/payment-indent', t('Payment intents')),
          page('/admin/stripe/subscription', t('Stripe subscriptions')),
          page('/admin/stripe/schedule', t('Subscription schedules')),
        ]),
      ],
      WalletOutlined,
    ),
    group(
      'plugins',
      t('Plugins'),
      [
        page('/admin/integ-3rd-platform/platforms', t('Platforms')),
        page('/admin/integ-3rd-platform/interfaces', t('Interfaces')),
      ],
      AppstoreAddOutlined,
    ),
    group(
      'ai-toolkit',
      t('AI Toolkit'),
      [
        page('/admin/ai-toolkit/assistant', t('Assistant')),
        page('/admin/ai-toolkit/integrator', t('Integrator')),
        page('/admin/ai-toolkit/parameters', t('Parameters')),
        page('/admin/ai-toolkit/prompting', t('Prompting')),
        page('/admin/ai-toolkit/workflows', t('Workflows')),
        page('/admin/ai-toolkit/smart-capture', t('Smart capture')),
        page('/admin/ai-toolkit/test-cases', t('Test cases'), {
          related: [{ path: '/admin/ai-toolkit/test-case/results', label: t('Test case results') }],
        }),
        page('/admin/ai-toolkit/params-coverage', t('Parameter coverage')),
        page('/admin/ai-toolkit/diff-finetune', t('Output diffs')),
        page('/admin/ai-usage-report', t('AI usage report')),
      ],
      RobotOutlined,
    ),
    group(
      'storage',
      t('Storage'),
      [page('/admin/storage', t('Files')), page('/admin/storage/stat', t('Storage statistics'))],
      CloudServerOutlined,
    ),
    group(
      'system',
      t('System'),
      [
        group('system.settings', t('Settings'), [
          page('/admin/sys-settings/dynamic-configs', t('Dynamic configs')),
          page('/admin/sys-settings/foreign-keys', t('Foreign keys')),
          page('/admin/sys-settings/backup-recovery', t('Backup and recovery')),
        ]),
        group('system.tools', t('Tools'), [
          page('/admin/sys-functions/multiple-languages', t('Languages')),
          page('/admin/sys-functions/help-tags', t('Help tags')),
          page('/admin/sys-functions/help-tags-style', t('Help tag styles')),
          page('/admin/system/data-cache', t('Data cache')),
          page('/admin/system/data-cache/func-cache', t('Function cache')),
        ]),
        group('system.logs', t('Logs'), [
          page('/admin/sys-logs/operation-record', t('Operation records')),
          page('/admin/sys-logs/server-error', t('Server errors')),
          page('/admin/system/schedule/notify/logs', t('Job logs')),
          page('/admin/logs/open-api/requests', t('Open API requests')),
        ]),
        group('system.messages', t('Messages'), [
          page('/admin/msg/notice', t('Notices')),
          page('/admin/msg/send', t('Send messages')),
          page('/admin/msg/email-logs', t('E-mail logs')),
        ]),
      ],
      SettingOutlined,
    ),
    page('/doc/open/apis', t('API Docs'), { icon: ReadOutlined }),
  ];
}

/** Every page path in the tree, in menu order. */
export function menuPaths(nodes: readonly AdminMenuNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'page' ? [node.path] : menuPaths(node.children)));
}

/**
 * Keeps the pages `shown` accepts and the groups that still hold one. Spec section 6: admin menu
 * items are hidden per permission; empty groups would be dead ends.
 */
export function visibleMenu(
  nodes: readonly AdminMenuNode[],
  shown: (path: string) => boolean,
): AdminMenuNode[] {
  return nodes.flatMap((node): AdminMenuNode[] => {
    if (node.kind === 'page') return shown(node.path) ? [node] : [];
    const children = visibleMenu(node.children, shown);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** One step of a breadcrumb: groups have no page of their own, so no path. */
export interface MenuTrailStep {
  label: string;
  path?: string;
}

/**
 * Where `pathname` sits in the tree: its groups, its page and, for a related page (details), that
 * page too. Empty when the path is not in the menu.
 */
export function menuTrail(nodes: readonly AdminMenuNode[], pathname: string): MenuTrailStep[] {
  for (const node of nodes) {
    if (node.kind === 'page') {
      if (node.path === pathname) return [{ label: node.label, path: node.path }];
      const related = node.related?.find((item) => item.path === pathname);
      if (related) return [{ label: node.label, path: node.path }, { label: related.label }];
      continue;
    }
    const below = menuTrail(node.children, pathname);
    if (below.length > 0) return [{ label: node.label }, ...below];
  }
  return [];
}

/** The menu page that owns `pathname` (itself, or the page it is related to). */
export function owningMenuPath(nodes: readonly AdminMenuNode[], pathname: string): string | undefined {
  return menuTrail(nodes, pathname).findLast((step) => step.path !== undefined)?.path;
}

/** The keys of the groups above `pathname`, to open them in the menu. */
export function groupKeysAbove(nodes: readonly AdminMenuNode[], pathname: string): string[] {
  for (const node of nodes) {
    if (node.kind === 'page') continue;
    if (menuPaths(node.children).includes(pathname) || relatedPaths(node.children).includes(pathname)) {
      return [node.key, ...groupKeysAbove(node.children, pathname)];
    }
  }
  return [];
}

function relatedPaths(nodes: readonly AdminMenuNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'page' ? (node.related ?? []).map((item) => item.path) : relatedPaths(node.children),
  );
}
