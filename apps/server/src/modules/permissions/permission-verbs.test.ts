import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAGE_ROUTES } from '@app/contract/page-routes';
import { isKnownPermissionCode, isPermissionCode, PERMISSION_CODES } from '@app/contract/permission-codes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, roles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const migration = readFileSync(
  fileURLToPath(new URL('../../db/migrations/0030_permission_verbs.sql', import.meta.url)),
  'utf8',
);

describe('permission codes: a closed list, one verb per meaning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every page and every API declares a code of the list, and every code of the list is declared', () => {
    const declared = new Set<string>();
    for (const route of PAGE_ROUTES) if (isPermissionCode(route.permission)) declared.add(route.permission);
    for (const endpoint of t.platform.registry.all()) {
      if (isPermissionCode(endpoint.permission)) declared.add(endpoint.permission);
    }
    for (const code of declared) expect(isKnownPermissionCode(code), code).toBe(true);
    // A code nobody declares would be offered in the matrix and as a token scope, and open nothing.
    expect(PERMISSION_CODES.filter((code) => !declared.has(code))).toEqual([]);
  });

  it('no code says view or update: read and edit are the only verbs for those meanings', () => {
    expect(PERMISSION_CODES.filter((code) => /\.(view|update)$/.test(code))).toEqual([]);
  });

  it('the migration renames roles grants from view to read and update to edit, keeping one of a pair', async () => {
    await t.platform.db.insert(roles).values({ code: 'verbs_role', name: 'Verbs role' });
    await t.platform.db
      .insert(roleGrants)
      .values(
        [
          'admin.users.view',
          'admin.users.read',
          'admin.orders.update',
          'admin.logs.*',
          'admin.teams.view',
        ].map((grant) => ({ roleCode: 'verbs_role', grant })),
      );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.platform.db.execute(sql.raw(statement));
    }
    const rows = await t.platform.db.select().from(roleGrants).where(eq(roleGrants.roleCode, 'verbs_role'));
    expect(rows.map((row) => row.grant).sort()).toEqual([
      'admin.logs.*',
      'admin.orders.edit',
      'admin.teams.read',
      'admin.users.read',
    ]);
  });
});
