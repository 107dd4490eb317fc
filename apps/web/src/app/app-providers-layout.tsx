import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { getToken } from '../lib/cookies';
import { useUserBasicStream } from '../lib/realtime/use-user-basic-stream';
import { useCachedBasicInfos } from '../lib/session/basic-infos';
import { registerSessionCache } from '../lib/session/forget-session';
import { AppProviders } from './providers';

/** Pop-up notices (admin broadcasts) for whoever is signed in, on whichever page they are. */
const PopUpNotices = lazy(() =>
  import('../features/notices/pop-up-notices').then((m) => ({ default: m.PopUpNotices })),
);

/** The user's `user_basic` stream and pop-up notices, while someone is signed in. */
function SignedInExtras() {
  useUserBasicStream();
  const signedIn = useCachedBasicInfos() !== undefined;
  return signedIn ? (
    <Suspense fallback={null}>
      <PopUpNotices />
    </Suspense>
  ) : null;
}

/**
 * The provider layer every page but the light ones renders in (routes.tsx): antd's theme, locale
 * and feedback, TanStack Query, and what runs while someone is signed in. It is a lazy chunk of
 * its own, loaded with the first such page, so the sign-in pages never download antd or TanStack
 * Query. Its route stays mounted while the user moves between shells.
 */
export function AppProvidersLayout({ queryClient }: { queryClient: QueryClient }) {
  // A later sign-in on a light page drops what was cached for the previous user. Registered for
  // good, not undone on unmount: the cache outlives this layout when the user goes to /login.
  useEffect(() => registerSessionCache(() => queryClient.removeQueries()), [queryClient]);
  // Leaving the layer signed out (to /login after signing out): its pages re-rendered while they
  // went and may have asked for data again; nothing of the old session stays.
  useEffect(
    () => () => {
      if (!getToken()) queryClient.clear();
    },
    [queryClient],
  );
  return (
    <AppProviders queryClient={queryClient}>
      <SignedInExtras />
      <Outlet />
    </AppProviders>
  );
}
