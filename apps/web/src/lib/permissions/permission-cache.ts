import type { AccessCode } from '@app/contract/permissions/list-permissions';

export interface PermissionEntry {
  access: boolean;
  code: AccessCode;
}

interface PermissionCacheData {
  version: number;
  page_routes: Record<string, PermissionEntry>;
}

/** The contract's access codes (`zAccessCode`), repeated so the guard loads no zod; the type keeps the list complete. */
const ACCESS_CODES: Record<AccessCode, true> = {
  OK: true,
  BEARER_TOKEN_ERROR: true,
  UNAUTHORIZED: true,
  FORBIDDEN: true,
};

function isEntry(value: unknown): value is PermissionEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { access, code } = value as Record<string, unknown>;
  return typeof access === 'boolean' && typeof code === 'string' && Object.hasOwn(ACCESS_CODES, code);
}

/** localStorage is shared with older builds and the user: checked by hand, without zod. */
function asCacheData(value: unknown): PermissionCacheData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, page_routes: routes } = value as Record<string, unknown>;
  if (!Number.isInteger(version) || typeof routes !== 'object' || routes === null) return null;
  if (Array.isArray(routes) || !Object.values(routes).every(isEntry)) return null;
  return { version: version as number, page_routes: routes as Record<string, PermissionEntry> };
}

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
    const parsed = asCacheData(JSON.parse(raw));
    if (parsed && parsed.version === scope.version) return parsed;
    // Another version (or a broken entry) is dropped, so old grants cannot linger.
    localStorage.removeItem(keyFor(scope));
    return null;
  } catch {
    return null;
  }
}
