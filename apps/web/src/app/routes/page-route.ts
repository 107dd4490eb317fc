import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { guardRoute } from '../../lib/permissions/guard-route';
import { RouteErrorBoundary } from '../route-error-boundary';

/** Loads a page's component; runs only when the route is first visited. */
export type PageLoader = () => Promise<ComponentType>;

/** One line of a route table. */
export interface PageDefinition {
  path: string;
  load: PageLoader;
  loginRequired: boolean;
}

/** What every page route carries in `handle`, for layouts and tests to read. */
export interface PageHandle {
  loginRequired: boolean;
}

/** A page anyone may open. */
export function publicPage(path: string, load: PageLoader): PageDefinition {
  return { path, load, loginRequired: false };
}

/**
 * A page that needs a signed-in user: without a token the guard sends the visitor to
 * /login?next=, and the server's permission list decides the rest (403 when refused).
 */
export function signedInPage(path: string, load: PageLoader): PageDefinition {
  return { path, load, loginRequired: true };
}

/** Turns a table line into a guarded, lazily loaded route. */
export function toPageRoute(
  { path, load, loginRequired }: PageDefinition,
  queryClient: QueryClient,
): RouteObject {
  const handle: PageHandle = { loginRequired };
  return {
    path,
    handle,
    // The guard is static, not part of the lazy module: it decides before any page code matters,
    // and the router fetches the page's chunk in parallel with it.
    loader: ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      return guardRoute({ path: url.pathname, search: url.search, loginRequired, queryClient });
    },
    lazy: { Component: load },
    // Caught here, a failing page (or guard) renders inside its layout: the top bar stays usable
    // and the root layout's health check keeps running.
    ErrorBoundary: RouteErrorBoundary,
  };
}
