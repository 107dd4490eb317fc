import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useHealthCheck } from '../lib/health/use-health-check';
import { useUserBasicStream } from '../lib/realtime/use-user-basic-stream';
import { useCachedBasicInfos } from '../lib/session/basic-infos';
import { LoadingBar } from './loading-bar';

/** Pop-up notices (admin broadcasts) for whoever is signed in, on whichever page they are. */
const PopUpNotices = lazy(() =>
  import('../features/notices/pop-up-notices').then((m) => ({ default: m.PopUpNotices })),
);

/**
 * The top of every route: the health check runs once for the whole app, on every page, and so
 * does the user's `user_basic` stream while someone is signed in.
 */
export function RootLayout() {
  useHealthCheck();
  useUserBasicStream();
  const signedIn = useCachedBasicInfos() !== undefined;
  const navigation = useNavigation();

  return (
    <>
      {navigation.state === 'idle' ? null : <LoadingBar delayed />}
      <Outlet />
      {signedIn ? (
        <Suspense fallback={null}>
          <PopUpNotices />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
