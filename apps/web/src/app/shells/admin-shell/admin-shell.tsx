import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useBasicInfos } from '../../../lib/session/basic-infos';
import { AdminBreadcrumbs } from './admin-breadcrumbs';
import { AdminSideMenu } from './admin-side-menu';
import { AdminTopBar } from './admin-top-bar';
import { MenuVersions } from './menu-versions';
import { SetupBanner } from './setup-banner';
import { useAdminMenu } from './use-admin-menu';
// The top bar reuses the workspace's user menu, messages and language buttons, styled there.
import '../../shell/app-shell.css';
import './admin-shell.css';

const MENU_WIDTH = 224;
/** Basic infos' `view_config.large_menu_for_adm`: room for long (e.g. French) labels. */
const LARGE_MENU_WIDTH = 288;
const COLLAPSED_WIDTH = 64;

/** `/admin/...`: top bar, side menu with the versions, breadcrumbs, and the page. */
export function AdminShell() {
  const { data: infos } = useBasicInfos();
  const menu = useAdminMenu();
  const [collapsed, setCollapsed] = useState(false);

  return (
    <Layout className="admin-shell">
      <AdminTopBar menuCollapsed={collapsed} onToggleMenu={() => setCollapsed((value) => !value)} />
      <Layout className="admin-shell__body" hasSider>
        <Layout.Sider
          className="admin-shell__sider"
          theme="light"
          width={infos?.view_config.large_menu_for_adm ? LARGE_MENU_WIDTH : MENU_WIDTH}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={collapsed}
          // Below 1200 px the menu folds to icons so pages keep room for their tables.
          breakpoint="xl"
          onBreakpoint={setCollapsed}
          trigger={null}
        >
          <div className="admin-shell__menu">
            <AdminSideMenu
              nodes={menu.visible}
              loading={menu.loading}
              collapsed={collapsed}
              failed={menu.failed}
              onRetry={menu.retry}
            />
          </div>
          {collapsed ? null : <MenuVersions />}
        </Layout.Sider>
        <Layout.Content className="admin-shell__content">
          <SetupBanner />
          <AdminBreadcrumbs nodes={menu.all} />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
