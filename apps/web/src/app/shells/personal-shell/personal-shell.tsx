import { Layout } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePhone } from '../../../lib/layout/use-phone';
import { isRouted } from '../../routes/page-table';
import { TopBar } from '../../shell/top-bar';
import { personalMenu, visiblePersonalMenu } from './personal-menu';
import { PersonalPhoneFrame } from './personal-phone-frame';
import { PersonalSideMenu } from './personal-side-menu';
import '../../shell/app-shell.css';
import './personal-shell.css';

/**
 * `/pc/personal-index` and the `/account/...` pages: the workspace top bar, a side menu of the
 * account, team and (later) billing pages, and the page. Every item is a signed-in page, so the
 * menu needs no permission call; what a team role may change is the server's to refuse. On a
 * phone the same pages open inside the mobile shell instead (`PersonalPhoneFrame`).
 */
export function PersonalShell() {
  const { t } = useTranslation();
  const groups = useMemo(() => visiblePersonalMenu(personalMenu(t), isRouted), [t]);
  const [collapsed, setCollapsed] = useState(false);
  const phone = usePhone();
  if (phone) return <PersonalPhoneFrame groups={groups} />;

  return (
    <Layout className="app-shell">
      <TopBar />
      <Layout className="personal-shell__body" hasSider>
        <Layout.Sider
          className="personal-shell__sider"
          theme="light"
          width={232}
          collapsedWidth={64}
          collapsed={collapsed}
          // Below 992 px the menu folds to icons so forms keep their width.
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          trigger={null}
        >
          <PersonalSideMenu groups={groups} collapsed={collapsed} />
        </Layout.Sider>
        <Layout.Content className="personal-shell__content">
          <div className="personal-shell__page">
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
