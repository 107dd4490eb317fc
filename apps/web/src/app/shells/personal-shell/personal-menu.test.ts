import { describe, expect, it } from 'vitest';
import { owningItem, personalMenu, visiblePersonalMenu } from './personal-menu';

const t = (msgid: string) => msgid;

describe('personal menu', () => {
  it('shows only pages that are routed and drops empty groups', () => {
    const routed = new Set(['/account/personal/profile', '/account/team-manager']);
    const visible = visiblePersonalMenu(personalMenu(t), (path) => routed.has(path));
    expect(visible.map((group) => group.key)).toEqual(['account', 'team']);
    expect(visible.flatMap((group) => group.items.map((item) => item.path))).toEqual([
      '/account/personal/profile',
      '/account/team-manager',
    ]);
  });

  it('highlights the owning item for a related page or a project id', () => {
    const menu = personalMenu(t);
    expect(owningItem(menu, '/teams/accept-invite')?.path).toBe('/account/team-manager');
    expect(owningItem(menu, '/account/project/p-1')?.path).toBe('/account/project');
    expect(owningItem(menu, '/account/security')?.path).toBe('/account/security');
    // The payment pages belong to the orders they pay.
    expect(owningItem(menu, '/payment')?.path).toBe('/account/orders');
    expect(owningItem(menu, '/payment/result')?.path).toBe('/account/orders');
    expect(owningItem(menu, '/account/invoice/details')?.path).toBe('/account/wallets/invoices');
    expect(owningItem(menu, '/chat')).toBeUndefined();
  });
});
