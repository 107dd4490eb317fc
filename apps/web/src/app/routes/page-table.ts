import {
  matchPageRoute,
  PAGE_ROUTES,
  type PageLayout,
  type PageModule,
  type PageRoute,
} from '@app/contract/page-routes';
import type { ComponentType } from 'react';
import { REGION } from '../../lib/build-config';
import type { PageDefinition, PageLoader } from './page-route';

/**
 * Every page module of the app, each its own lazy chunk (nothing here is imported eagerly). The
 * catch-all 404 page is routed by `routes.tsx` itself, not by the table.
 */
export const PAGE_MODULES = import.meta.glob<Record<string, unknown>>([
  '/src/features/**/*-page.tsx',
  '/src/app/shells/**/*-page.tsx',
  '!/src/features/status/not-found-page.tsx',
]);

/** The glob key of a table entry's module and the name of its export. */
export function pageModuleKey(page: PageModule): { key: string; exportName: string } {
  const [file = '', exportName = ''] = page.split('#');
  return { key: `/src/${file}.tsx`, exportName };
}

/** Lazily loads a table entry's component; a missing module or export fails loudly (and in tests). */
export function pageLoader(page: PageModule): PageLoader {
  const { key, exportName } = pageModuleKey(page);
  const load = PAGE_MODULES[key];
  if (!load) throw new Error(`The page table names ${page}, but there is no module ${key}`);
  return async () => {
    const component = (await load())[exportName];
    if (typeof component !== 'function') throw new Error(`${key} exports no component ${exportName}`);
    return component as ComponentType;
  };
}

/** `/account/project/{id?}` (the contract's spelling) as the router spells it: `/account/project/:id?`. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)(\??)\}/g, ':$1$2');
}

/** The module this build shows for an entry: the China-region variant when there is one. */
export function buildPage(route: PageRoute): PageModule {
  return REGION === 'cn' && route.cnPage ? route.cnPage : route.page;
}

/**
 * The pages of one layout, as route-table lines, straight from the contract's `PAGE_ROUTES`: the
 * router, the menus (`isRouted`) and the server's permission list all read the same catalogue.
 */
export function pagesIn(layout: PageLayout): PageDefinition[] {
  return PAGE_ROUTES.filter((route) => route.layout === layout).map((route) => ({
    path: routerPath(route.path),
    load: pageLoader(buildPage(route)),
    loginRequired: route.permission !== 'public',
  }));
}

/** Whether the app has a page at `path` (a concrete path or a pattern): menus hide items that have none. */
export function isRouted(path: string): boolean {
  return matchPageRoute(path) !== undefined;
}
