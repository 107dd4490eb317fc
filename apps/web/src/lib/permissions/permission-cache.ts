import { type AccessCode, zAccessCode } from '@app/contract/permissions/list-permissions';
import { z } from 'zod';

const zEntry = z.object({ access: z.boolean(), code: zAccessCode });
export type PermissionEntry = z.infer<typeof zEntry>;

const zCache = z.object({ version: z.number().int(), page_routes: z.record(z.string(), zEntry) });
type PermissionCacheData = z.infer<typeof zCache>;

export interface PermissionScope {
  /** The `from` the results were asked for, e.g. `web`. */
  source: string;
  userId: string;
  /** Basic infos' `latest_permission_version`: any other version means the cache is void. */
  version: number;
}

// Only answers that stay true until an admin changes roles (which bumps the version) are kept;
// UNAUTHORIZED and BEARER_TOKEN_ERROR describe the session and are asked again every time.
const CACHEABLE: readonly AccessCode[] = ['OK', 'FORBIDDEN'];

const keyFor = (scope: PermissionScope) => `app_perm:${scope.source}:${scope.userId}`;

/** Spec sections 6 and 9: per source and user, tied to the server's permission version. */
export function readCachedPermission(scope: PermissionScope, route: string): PermissionEntry | null {
  return load(scope)?.page_routes[route] ?? null;
}

export function writeCachedPermissions(
  scope: PermissionScope,
  entries: Record<string, PermissionEntry>,
): void {
  const kept = Object.fromEntries(
    Object.entries(entries).filter(([, entry]) => CACHEABLE.includes(entry.code)),
  );
  if (Object.keys(kept).length === 0) return;
  const current = load(scope);
  const next: PermissionCacheData = {
    version: scope.version,
    page_routes: { ...(current?.page_routes ?? {}), ...kept },
  };
  try {
    localStorage.setItem(keyFor(scope), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the guard still works, asking the server each time.
  }
}

function load(scope: PermissionScope): PermissionCacheData | null {
  try {
    const raw = localStorage.getItem(keyFor(scope));
    if (!raw) return null;
    const parsed = zCache.safeParse(JSON.parse(raw));
    if (parsed.success && parsed.data.version === scope.version) return parsed.data;
    // Another version (or a broken entry) is dropped, so old grants cannot linger.
    localStorage.removeItem(keyFor(scope));
    return null;
  } catch {
    return null;
  }
}
