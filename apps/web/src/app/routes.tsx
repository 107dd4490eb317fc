import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { accountPages } from './routes/account-routes';
import { adminPages } from './routes/admin-routes';
import { mobilePages } from './routes/mobile-routes';
import { type PageDefinition, type QueryClientSource, toPageRoute } from './routes/page-route';
import { publicPages } from './routes/public-routes';
import { workspacePages } from './routes/workspace-routes';
import { StartupLoader } from './startup-loader';

const loadAppShell = () => import('./shell/app-shell').then((m) => m.AppShell);
const loadPersonalShell = () => import('./shells/personal-shell/personal-shell').then((m) => m.PersonalShell);
const loadMobileShell = () => import('./shells/mobile-shell/mobile-shell').then((m) => m.MobileShell);
const loadAdminShell = () => import('./shells/admin-shell/admin-shell').then((m) => m.AdminShell);
const loadNotFoundPage = () => import('../features/status/not-found-page').then((m) => m.NotFoundPage);

// The layer's first render already speaks the UI language in antd's texts too.
const loadAppProvidersLayout = () =>
  Promise.all([
    import('./app-providers-layout'),
    import('../lib/i18n/antd-locale').then((m) => m.loadCurrentAntdLocale()),
  ]).then(([m]) => m.AppProvidersLayout);
const loadSharedQueryClient = () => import('../lib/query-client').then((m) => m.queryClient);

/**
 * The whole route tree. Pages live in the per-area tables under `routes/`; this file only says
 * which shell each table renders in. Every page and shell is a lazy chunk, so /login never
 * downloads the shell or the chat. The light pages (the sign-in pages) hang from the root; every
 * other page sits inside the lazy provider layer (antd's theme and feedback, TanStack Query, the
 * user's stream), which they load with their own chunk. Tests pass a fresh query client.
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const clientSource: QueryClientSource = queryClient ? async () => queryClient : loadSharedQueryClient;
  const route = (page: PageDefinition) => toPageRoute(page, clientSource);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: StartupLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        // Spec section 2: "/" redirects to /chat, whose own guard then asks for a sign-in if needed.
        // `element: null` says "renders nothing" on purpose; the redirect runs before any render.
        { index: true, loader: () => redirect('/chat'), element: null },
        ...publicPages.filter((page) => page.light).map(route),
        {
          id: 'app-providers',
          lazy: async () => {
            const [Layout, client] = await Promise.all([loadAppProvidersLayout(), clientSource()]);
            return { element: <Layout queryClient={client} /> };
          },
          // For the provider layer's own chunk failing to load; pages catch their own errors.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            ...publicPages.filter((page) => !page.light).map(route),
            {
              id: 'workspace-shell',
              lazy: { Component: loadAppShell },
              // For the shell itself failing (its chunk not loading); pages catch their own errors.
              ErrorBoundary: RouteErrorBoundary,
              children: workspacePages.map(route),
            },
            {
              id: 'personal-shell',
              lazy: { Component: loadPersonalShell },
              ErrorBoundary: RouteErrorBoundary,
              children: accountPages.map(route),
            },
            {
              id: 'mobile-shell',
              lazy: { Component: loadMobileShell },
              ErrorBoundary: RouteErrorBoundary,
              children: mobilePages.map(route),
            },
            {
              id: 'admin-shell',
              lazy: { Component: loadAdminShell },
              ErrorBoundary: RouteErrorBoundary,
              children: adminPages.map(route),
            },
            { path: '*', lazy: { Component: loadNotFoundPage } },
          ],
        },
      ],
    },
  ];
}
