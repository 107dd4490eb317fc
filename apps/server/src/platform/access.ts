import { grantMatches, type Permission } from '@app/contract/permission-codes';
import type { AccessCode } from '@app/contract/permissions/list-permissions';
import { roleGrants, roles } from '../db/schema';
import type { Db } from './db';
import type { CtxUser } from './request-context';
import { readVersion } from './versions';

/** How long another instance's grant change may take to be seen here. */
const VERSION_CHECK_MS = 2000;

/**
 * The one place access is decided: the request pipeline asks it for every endpoint and the
 * permission-list call asks it for pages. Grants are cached per permission version.
 */
export class AccessControl {
  private grants = new Map<string, string[]>();
  private roleNames = new Map<string, string>();
  private version = -1;
  private checkedAt = 0;
  private loading: Promise<void> | null = null;
  /** Moves on every invalidate, so a load that started before a change cannot mark itself fresh. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  async currentVersion(): Promise<number> {
    await this.refresh();
    return this.version;
  }

  /** Drop the cache at once (this instance changed a grant). */
  invalidate(): void {
    this.generation += 1;
    this.checkedAt = 0;
    this.version = -1;
  }

  /** A role's display name; roles change only with a permission-version bump, so this is cached with the grants. */
  async roleName(code: string): Promise<string | undefined> {
    await this.refresh();
    return this.roleNames.get(code);
  }

  async decide(permission: Permission, user: CtxUser | null): Promise<AccessCode> {
    if (permission === 'public') return 'OK';
    if (!user) return 'BEARER_TOKEN_ERROR';
    if (permission === 'signed_in') return 'OK';
    await this.refresh();
    const grants = this.grants.get(user.role) ?? [];
    return grants.some((grant) => grantMatches(grant, permission)) ? 'OK' : 'FORBIDDEN';
  }

  private async refresh(): Promise<void> {
    // Loops because a load that began before an invalidate leaves the cache unfresh.
    while (this.version < 0 || Date.now() - this.checkedAt >= VERSION_CHECK_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const version = await readVersion(this.db, 'permission');
    if (version !== this.version) {
      const [rows, roleRows] = await Promise.all([
        this.db.select().from(roleGrants),
        this.db.select({ code: roles.code, name: roles.name }).from(roles),
      ]);
      const next = new Map<string, string[]>();
      for (const row of rows) next.set(row.roleCode, [...(next.get(row.roleCode) ?? []), row.grant]);
      this.grants = next;
      this.roleNames = new Map(roleRows.map((role) => [role.code, role.name]));
      this.version = version;
    }
    if (generation === this.generation) this.checkedAt = Date.now();
  }
}
