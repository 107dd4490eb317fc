import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { getToken } from '../../lib/cookies';
import { decideSignedIn } from '../../lib/permissions/guard-decision';
import { RouteErrorBoundary } from '../route-error-boundary';

/** Loads a page's component; runs only when the route is first visited. */
export type PageLoader = () => Promise<ComponentType>;

/** One line of a route table. */
export interface PageDefinition {
  path: string;
  load: PageLoader;
  loginRequired: boolean;
  /**
   * Rendered outside the antd and TanStack Query layer, so opening it loads neither (the sign-in
   * pages: docs/performance.md). Such a page uses only light components.
   */
  light?: boolean;
}

/** What every page route carries in `handle`, for layouts and tests to read. */
export interface PageHandle {
  loginRequired: boolean;
}

/** A page anyone may open. */
export function publicPage(path: string, load: PageLoader): PageDefinition {
  return { path, load, loginRequired: false };
}

/** A public page built from light components only: it loads no antd and no TanStack Query. */
export function lightPage(path: string, load: PageLoader): PageDefinition {
  return { path, load, loginRequired: false, light: true };
}

/**
 * A page that needs a signed-in user: without a token the guard sends the visitor to
 * /login?next=, and the server's permission list decides the rest (403 when refused).
 */
export function signedInPage(path: string, load: PageLoader): PageDefinition {
  return { path, load, loginRequired: true };
}

/** The query client the guards use; resolved only when a signed-in page is opened. */
export type QueryClientSource = () => Promise<QueryClient>;

/** Turns a table line into a guarded, lazily loaded route. */
export function toPageRoute(
  { path, load, loginRequired }: PageDefinition,
  queryClient: QueryClientSource,
): RouteObject {
  const handle: PageHandle = { loginRequired };
  return {
    path,
    handle,
    // The guard is not part of the lazy module: it decides before any page code matters, and the
    // router fetches the page's chunk in parallel with it. A public page asks nothing.
    loader: loginRequired
      ? async ({ request }: LoaderFunctionArgs) => {
          const url = new URL(request.url);
          const target = { path: url.pathname, search: url.search };
          // Signed out: straight to /login, before the guard's code (and TanStack Query) loads.
          const signedOut = decideSignedIn(true, getToken() !== null, target);
          if (signedOut.kind === 'redirect') throw redirect(signedOut.to);
          const [{ guardRoute }, client] = await Promise.all([
            import('../../lib/permissions/guard-route'),
            queryClient(),
          ]);
          return guardRoute({ ...target, loginRequired, queryClient: client });
        }
      : undefined,
    lazy: { Component: load },
    // Caught here, a failing page (or guard) renders inside its layout: the top bar stays usable
    // and the root layout's health check keeps running.
    ErrorBoundary: RouteErrorBoundary,
  };
}
