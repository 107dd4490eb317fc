import {
  ApiOutlined,
  BellOutlined,
  BgColorsOutlined,
  CloudOutlined,
  CreditCardOutlined,
  CrownOutlined,
  FileTextOutlined,
  HomeOutlined,
  LineChartOutlined,
  MailOutlined,
  ProjectOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  TagOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';

/** One entry of the personal side menu; `related` pages (details, invites) highlight it. */
export interface PersonalMenuItem {
  path: string;
  label: string;
  icon: ComponentType;
  related?: string[];
}

export interface PersonalMenuGroup {
  key: string;
  label: string;
  items: PersonalMenuItem[];
}

type Translate = (msgid: string) => string;

/**
 * The personal shell's menu in its order, including pages that arrive with later features (billing,
 * storage, connectors): the shell shows only items whose page is in the route table, and drops
 * groups left empty. Labels go through `t` with literal msgids so the seeds can be checked.
 */
export function personalMenu(t: Translate): PersonalMenuGroup[] {
  return [
    {
      key: 'account',
      label: t('Account'),
      items: [
        { path: '/pc/personal-index', label: t('Overview'), icon: HomeOutlined },
        { path: '/account/personal/profile', label: t('Profile'), icon: UserOutlined },
        { path: '/account/personalization', label: t('Personalization'), icon: BgColorsOutlined },
        { path: '/account/security', label: t('Security'), icon: SafetyOutlined },
        { path: '/account/messages', label: t('Messages'), icon: MailOutlined },
        { path: '/account/sys-settings', label: t('Notifications'), icon: BellOutlined },
      ],
    },
    {
      key: 'team',
      label: t('Team'),
      items: [
        {
          path: '/account/team-manager',
          label: t('Team members'),
          icon: TeamOutlined,
          related: ['/teams/accept-invite'],
        },
        {
          path: '/account/project',
          label: t('Projects'),
          icon: ProjectOutlined,
          related: ['/account/project/:id'],
        },
        { path: '/account/brand-center', label: t('Brand center'), icon: TagOutlined },
        { path: '/account/connectors', label: t('Connectors'), icon: ApiOutlined },
      ],
    },
    {
      key: 'billing',
      label: t('Billing'),
      items: [
        { path: '/account/subscription', label: t('Subscription'), icon: CrownOutlined },
        { path: '/account/usage', label: t('Usage'), icon: LineChartOutlined },
        {
          path: '/account/orders',
          label: t('Orders'),
          icon: ShoppingOutlined,
          related: [
            '/account/order/confirm',
            '/account/order/details',
            '/account/subscription-history',
            '/payment',
            '/payment/result',
            '/payment/order-details',
          ],
        },
        {
          path: '/account/wallets/invoices',
          label: t('Invoices'),
          icon: FileTextOutlined,
          related: ['/account/invoice/details'],
        },
        { path: '/account/wallet/payment-method', label: t('Payment methods'), icon: CreditCardOutlined },
        { path: '/account/user/storage', label: t('Storage'), icon: CloudOutlined },
      ],
    },
  ];
}

/** The groups with only the items whose page `isRouted`; empty groups are dropped. */
export function visiblePersonalMenu(
  groups: readonly PersonalMenuGroup[],
  isRouted: (path: string) => boolean,
): PersonalMenuGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => isRouted(item.path)) }))
    .filter((group) => group.items.length > 0);
}

/** The menu item that owns `pathname`: itself, or the item one of whose related pages it is. */
export function owningItem(
  groups: readonly PersonalMenuGroup[],
  pathname: string,
): PersonalMenuItem | undefined {
  const items = groups.flatMap((group) => group.items);
  return (
    items.find((item) => matchPath(item.path, pathname)) ??
    items.find((item) => item.related?.some((pattern) => matchPath(pattern, pathname)))
  );
}
