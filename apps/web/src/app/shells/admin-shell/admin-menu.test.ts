import { describe, expect, it } from 'vitest';
import { adminMenu, groupKeysAbove, menuTrail, owningMenuPath, visibleMenu } from './admin-menu';

const menu = adminMenu((msgid) => msgid);

describe('admin menu', () => {
  it('keeps the spec order of the groups', () => {
    expect(menu.map((node) => node.label)).toEqual([
      'Dashboard',
      'Users',
      'Billing',
      'Plugins',
      'AI Toolkit',
      'Storage',
      'System',
      'API Docs',
    ]);
  });

  it('drops refused pages and the groups they leave empty', () => {
    const visible = visibleMenu(menu, (path) => path === '/admin' || path === '/admin/sys-logs/server-error');
    expect(visible.map((node) => node.label)).toEqual(['Dashboard', 'System']);
    const system = visible[1];
    expect(system?.kind === 'group' ? system.children.map((node) => node.label) : []).toEqual(['Logs']);
  });

  it('gives a details page the trail of the list it belongs to', () => {
    expect(menuTrail(menu, '/admin/user/details')).toEqual([
      { label: 'Users' },
      { label: 'Users', path: '/admin/user/users' },
      { label: 'User details' },
    ]);
    expect(owningMenuPath(menu, '/admin/user/details')).toBe('/admin/user/users');
    expect(groupKeysAbove(menu, '/admin/permission/api-pages')).toEqual(['users', 'users.permissions']);
  });
});
