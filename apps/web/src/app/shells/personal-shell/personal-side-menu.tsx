import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { owningItem, type PersonalMenuGroup } from './personal-menu';

type MenuItem = Required<MenuProps>['items'][number];

interface PersonalSideMenuProps {
  groups: PersonalMenuGroup[];
  collapsed: boolean;
}

/** The personal shell's navigation: groups as headed sections, the current page selected. */
export function PersonalSideMenu({ groups, collapsed }: PersonalSideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMemo(
    () =>
      groups.map(
        (group): MenuItem => ({
          type: 'group',
          key: group.key,
          // Collapsed to icons there is no room for headings.
          label: collapsed ? null : group.label,
          children: group.items.map((item) => ({
            key: item.path,
            icon: <item.icon />,
            label: <Link to={item.path}>{item.label}</Link>,
          })),
        }),
      ),
    [groups, collapsed],
  );
  const selected = owningItem(groups, pathname)?.path;

  return (
    <nav aria-label={t('Account menu')}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
