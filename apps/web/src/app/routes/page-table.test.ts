import { matchPageRoute, PAGE_ROUTES } from '@app/contract/page-routes';
import { describe, expect, it } from 'vitest';
import { accountPages } from './account-routes';
import { adminPages } from './admin-routes';
import { mobilePages } from './mobile-routes';
import { isRouted, PAGE_MODULES, pageModuleKey, routerPath } from './page-table';
import { workspacePages } from './workspace-routes';

/** Every `*-page.tsx` of the app, whether the table names it or not. */
const ALL_PAGE_FILES = Object.keys(
  import.meta.glob(['/src/features/**/*-page.tsx', '/src/app/**/*-page.tsx']),
);

/** Routed by `routes.tsx` itself: the catch-all for paths no entry matches. */
const CATCH_ALL = '/src/features/status/not-found-page.tsx';

const entryModules = PAGE_ROUTES.flatMap((route) =>
  route.cnPage ? [route.page, route.cnPage] : [route.page],
);

describe('the page table is the router (issue 18, found 6)', () => {
  it("loads every entry's component from its module: the module exists and exports a component by that name", async () => {
    for (const page of entryModules) {
      const { key, exportName } = pageModuleKey(page);
      const load = PAGE_MODULES[key];
      expect(load, `${page}: no module ${key}`).toBeDefined();
      const module = await load?.();
      expect(typeof module?.[exportName], `${page}: ${key} exports no ${exportName}`).toBe('function');
    }
  }, 120_000);

  it('routes every page module the app has: a page written but left out of the table fails here', () => {
    const named = new Set(entryModules.map((page) => pageModuleKey(page).key));
    const unrouted = ALL_PAGE_FILES.filter((file) => file !== CATCH_ALL && !named.has(file));
    expect(unrouted).toEqual([]);
  });

  it('names each path once, so one line is one page', () => {
    const paths = PAGE_ROUTES.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("serves each shell's pages from the table with the contract's paths and login rule", () => {
    const shells = {
      personal: accountPages,
      admin: adminPages,
      mobile: mobilePages,
      workspace: workspacePages,
    };
    for (const [layout, pages] of Object.entries(shells)) {
      const expected = PAGE_ROUTES.filter((route) => route.layout === layout);
      expect(pages.map((page) => page.path)).toEqual(expected.map((route) => routerPath(route.path)));
      for (const page of pages) {
        const registered = matchPageRoute(page.path);
        expect(page.loginRequired, page.path).toBe(registered?.permission !== 'public');
      }
    }
  });

  it('puts every admin-console page under an admin code and every shell page behind a sign-in', () => {
    for (const route of PAGE_ROUTES) {
      if (route.layout === 'admin') expect(route.permission, route.path).toMatch(/^admin\./);
      if (['workspace', 'personal', 'mobile'].includes(route.layout)) {
        expect(route.permission, route.path).toBe('signed_in');
      }
      if (route.layout === 'light' || route.layout === 'plain')
        expect(route.permission, route.path).toBe('public');
    }
  });

  it('spells optional segments for the router and knows only built pages', () => {
    expect(routerPath('/account/project/{id?}')).toBe('/account/project/:id?');
    expect(routerPath('/chat/{chat_id}')).toBe('/chat/:chat_id');
    expect(isRouted('/account/project/7')).toBe(true);
    expect(isRouted('/admin/user/users')).toBe(true);
    expect(isRouted('/no/such/page')).toBe(false);
  });
});
