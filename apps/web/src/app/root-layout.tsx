import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useHealthCheck } from '../lib/health/use-health-check';
import { LoadingBar } from './loading-bar';

/**
 * The top of every route: the health check runs once for the whole app, on every page. It stays
 * light (no antd, no TanStack Query): the sign-in pages render right under it.
 */
export function RootLayout() {
  useHealthCheck();
  const navigation = useNavigation();

  return (
    <>
      {navigation.state === 'idle' ? null : <LoadingBar delayed />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
