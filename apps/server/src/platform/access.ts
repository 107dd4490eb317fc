import { PAGE_ROUTES } from '@app/contract/page-routes';
import { ADMIN_AREA, grantMatches, isPermissionCode, type Permission } from '@app/contract/permission-codes';
import type { AccessCode } from '@app/contract/permissions/list-permissions';
import { roleGrants, roles } from '../db/schema';
import type { ChangeFeed } from './change-feed';
import type { Db } from './db';
import type { CtxUser } from './request-context';
import { type BumpVersion, VersionedCache } from './versioned-cache';

/** The codes that open an admin page: holding any of them opens the admin area. */
const ADMIN_PAGE_CODES = [
  ...new Set(
    PAGE_ROUTES.filter((page) => page.path.startsWith('/admin')).flatMap((page) =>
      isPermissionCode(page.permission) ? [page.permission] : [],
    ),
  ),
];

interface Grants {
  byRole: Map<string, string[]>;
  roleNames: Map<string, string>;
}

/**
 * The one place access is decided: the request pipeline asks it for every endpoint and the
 * permission-list call asks it for pages. Grants are kept per permission version.
 */
export class AccessControl {
  private readonly grants: VersionedCache<Grants>;

  constructor(db: Db, feed?: ChangeFeed) {
    this.grants = new VersionedCache<Grants>(
      db,
      {
        key: 'permission',
        initial: { byRole: new Map(), roleNames: new Map() },
        // Grants decide every request: without a word from the database, read the version often.
        checkMs: 2000,
        load: async () => {
          const [rows, roleRows] = await Promise.all([
            db.select().from(roleGrants),
            db.select({ code: roles.code, name: roles.name }).from(roles),
          ]);
          const byRole = new Map<string, string[]>();
          for (const row of rows) byRole.set(row.roleCode, [...(byRole.get(row.roleCode) ?? []), row.grant]);
          return { byRole, roleNames: new Map(roleRows.map((role) => [role.code, role.name])) };
        },
      },
      feed,
    );
  }

  currentVersion(): Promise<number> {
    return this.grants.fresh();
  }

  /**
   * Changes roles or grants: `run` writes them in its transaction and calls `bump(tx)` there; the
   * permission version moves with the change and this instance's grants are dropped once it is
   * committed (see `VersionedCache.change`).
   */
  changeGrants<T>(run: (bump: BumpVersion) => Promise<T>): Promise<T> {
    return this.grants.change(run);
  }

  /** Drop the cache at once (start-up seeds; a change is otherwise heard through the change feed). */
  invalidate(): void {
    this.grants.invalidate();
  }

  /** A role's display name; roles change only with a permission-version bump, so this is cached with the grants. */
  async roleName(code: string): Promise<string | undefined> {
    await this.grants.fresh();
    return this.grants.current.roleNames.get(code);
  }

  async decide(permission: Permission, user: CtxUser | null): Promise<AccessCode> {
    if (permission === 'public') return 'OK';
    if (!user) return 'BEARER_TOKEN_ERROR';
    if (permission === 'signed_in') return 'OK';
    await this.grants.fresh();
    const grants = this.grants.current.byRole.get(user.role) ?? [];
    const holds = (code: string) => grants.some((grant) => grantMatches(grant, code));
    if (permission === ADMIN_AREA) return ADMIN_PAGE_CODES.some(holds) ? 'OK' : 'FORBIDDEN';
    return holds(permission) ? 'OK' : 'FORBIDDEN';
  }
}
