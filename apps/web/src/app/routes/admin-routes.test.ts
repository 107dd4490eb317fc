import { matchPageRoute } from '@app/contract/page-routes';
import { describe, expect, it } from 'vitest';
import { adminMenu, menuPaths, menuTrail } from '../shells/admin-shell/admin-menu';
import { adminPages } from './admin-routes';
import { isRouted } from './page-table';

const identity = (msgid: string) => msgid;

describe('admin route table', () => {
  it('registers each admin page under an admin permission code', () => {
    for (const page of adminPages) {
      const registered = matchPageRoute(page.path);
      expect(registered?.path, page.path).toBe(page.path);
      expect(registered?.permission, page.path).toMatch(/^admin\./);
      expect(page.loginRequired, page.path).toBe(true);
    }
  });

  it('places every admin page in the side menu, as an item or a related page', () => {
    const menu = adminMenu(identity);
    for (const page of adminPages) {
      expect(menuTrail(menu, page.path).length, page.path).toBeGreaterThan(0);
    }
  });

  it('shows in the menu only pages the table routes: items of pages not built yet are hidden', () => {
    const shown = menuPaths(adminMenu(identity)).filter(isRouted);
    expect(shown.length).toBeGreaterThan(0);
    // API Docs (spec section 2's last menu group) opens the light docs page outside the console.
    for (const path of shown)
      expect(matchPageRoute(path)?.layout, path).toBe(path === '/doc/open/apis' ? 'light' : 'admin');
    for (const page of adminPages)
      expect(
        shown.includes(page.path) || menuTrail(adminMenu(identity), page.path).length > 1,
        page.path,
      ).toBe(true);
  });
});
