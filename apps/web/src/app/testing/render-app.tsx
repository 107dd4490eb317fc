import { configure, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { i18n } from '../../lib/i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { createRoutes } from '../routes';

// Pages are lazy chunks: the first visit in a test file waits for Vite to transform the page and
// its antd components, which takes longer than Testing Library's default 1 s on this machine.
configure({ asyncUtilTimeout: 8000 });

/**
 * Renders the real app (route tree, guards, the lazy provider layer, lazy pages) at `path` in a
 * memory router with a fresh query client, wrapped as main.tsx wraps it. `routes` replaces the
 * tree for tests of a single component, which then get the antd providers around them.
 */
export function renderApp(path: string, routes?: RouteObject[]) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes ?? createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    routes ? (
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    ) : (
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    ),
  );
  /** Where the router is now, as `/path?query`. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}
