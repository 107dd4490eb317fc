import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { accountPages } from './routes/account-routes';
import { adminPages } from './routes/admin-routes';
import { mobilePages } from './routes/mobile-routes';
import { toPageRoute } from './routes/page-route';
import { publicPages } from './routes/public-routes';
import { workspacePages } from './routes/workspace-routes';
import { StartupLoader } from './startup-loader';

const loadAppShell = () => import('./shell/app-shell').then((m) => m.AppShell);
const loadPersonalShell = () =>
  import('../features/personal-shell/personal-shell').then((m) => m.PersonalShell);
const loadMobileShell = () => import('../features/mobile-shell/mobile-shell').then((m) => m.MobileShell);
const loadAdminShell = () => import('../features/admin-shell/admin-shell').then((m) => m.AdminShell);
const loadNotFoundPage = () => import('../features/status/not-found-page').then((m) => m.NotFoundPage);

/**
 * The whole route tree. Pages live in the per-area tables under `routes/`; this file only says
 * which shell each table renders in. Every page and shell is a lazy chunk, so /login never
 * downloads the shell or the chat. The query client is passed in so tests get a fresh one.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
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
        ...publicPages.map((page) => toPageRoute(page, queryClient)),
        {
          id: 'workspace-shell',
          lazy: { Component: loadAppShell },
          // For the shell itself failing (its chunk not loading); pages catch their own errors.
          ErrorBoundary: RouteErrorBoundary,
          children: workspacePages.map((page) => toPageRoute(page, queryClient)),
        },
        {
          id: 'personal-shell',
          lazy: { Component: loadPersonalShell },
          ErrorBoundary: RouteErrorBoundary,
          children: accountPages.map((page) => toPageRoute(page, queryClient)),
        },
        {
          id: 'mobile-shell',
          lazy: { Component: loadMobileShell },
          ErrorBoundary: RouteErrorBoundary,
          children: mobilePages.map((page) => toPageRoute(page, queryClient)),
        },
        {
          id: 'admin-shell',
          lazy: { Component: loadAdminShell },
          ErrorBoundary: RouteErrorBoundary,
          children: adminPages.map((page) => toPageRoute(page, queryClient)),
        },
        { path: '*', lazy: { Component: loadNotFoundPage } },
      ],
    },
  ];
}
