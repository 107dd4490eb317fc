import { matchPageRoute } from '@app/contract/page-routes';
import { describe, expect, it } from 'vitest';
import { adminMenu, menuPaths, menuTrail } from '../../features/admin-shell/admin-menu';
import { adminPages } from './admin-routes';

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

  it('lists in the menu only pages of the spec', () => {
    for (const path of menuPaths(adminMenu(identity))) {
      expect(matchPageRoute(path), path).toBeDefined();
    }
  });
});
