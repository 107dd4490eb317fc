import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { TopBar } from './top-bar';
import './app-shell.css';

/** The signed-in layout every workspace page renders in. */
export function AppShell() {
  return (
    <Layout className="app-shell">
      <TopBar />
      <Layout.Content className="app-shell__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
