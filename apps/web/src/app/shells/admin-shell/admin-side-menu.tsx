import { Button, Menu, type MenuProps, Skeleton, Typography } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type AdminMenuNode, groupKeysAbove, owningMenuPath } from './admin-menu';

type MenuItem = Required<MenuProps>['items'][number];

function menuIcon(Icon: ComponentType | undefined): ReactNode {
  return Icon ? <Icon /> : undefined;
}

function toItems(nodes: readonly AdminMenuNode[]): MenuItem[] {
  return nodes.map((node): MenuItem => {
    const icon = menuIcon(node.icon);
    if (node.kind === 'group') {
      return { key: node.key, icon, label: node.label, children: toItems(node.children) };
    }
    return { key: node.path, icon, label: <Link to={node.path}>{node.label}</Link> };
  });
}

interface AdminSideMenuProps {
  nodes: AdminMenuNode[];
  loading: boolean;
  collapsed: boolean;
  /** The permission list failed: say so rather than show an empty menu. */
  failed: boolean;
  onRetry: () => void;
}

/** The console's navigation; the group of the current page opens by itself. */
export function AdminSideMenu({ nodes, loading, collapsed, failed, onRetry }: AdminSideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(nodes), [nodes]);
  const selected = owningMenuPath(nodes, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupKeysAbove(nodes, pathname));

  // Navigating elsewhere (a breadcrumb, a link in a page) opens the new page's group, keeping
  // whatever the user opened by hand.
  useEffect(() => {
    const above = groupKeysAbove(nodes, pathname);
    setOpenKeys((open) => [...new Set([...open, ...above])]);
  }, [nodes, pathname]);

  if (loading) {
    return (
      <div style={{ padding: 16 }}>
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }

  if (failed) {
    return (
      <div style={{ padding: 16 }}>
        <Typography.Paragraph type="secondary">{t('The menu could not be loaded.')}</Typography.Paragraph>
        <Button size="small" onClick={onRetry}>
          {t('Try again')}
        </Button>
      </div>
    );
  }

  return (
    <nav aria-label={t('Admin menu')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        // Collapsed (the Sider tells the menu), groups are fly-outs; forced open keys would pin them.
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
