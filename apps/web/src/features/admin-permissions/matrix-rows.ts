import { isOpenCode } from './grants';
import type { PermissionMatrix } from './permissions-api';

/** One page route or API with the code that opens it. */
export interface MatrixRow {
  key: string;
  kind: 'page' | 'api';
  /** The route (`/admin/user/users`) or the API id (`GET /api/admin/users`). */
  target: string;
  code: string;
  summary: string;
}

/**
 * Pages first, then APIs, each in the registry's order except that codes open to everyone (or to
 * anyone signed in) go last: they have nothing to tick, and would push what does off screen.
 */
export function matrixRows(matrix: PermissionMatrix): MatrixRow[] {
  const rows: MatrixRow[] = [
    ...matrix.page_routes.map(
      (page): MatrixRow => ({
        key: `page ${page.route}`,
        kind: 'page',
        target: page.route,
        code: page.code,
        summary: '',
      }),
    ),
    ...matrix.apis.map(
      (api): MatrixRow => ({
        key: `api ${api.api}`,
        kind: 'api',
        target: api.api,
        code: api.code,
        summary: api.summary,
      }),
    ),
  ];
  return [...rows.filter((row) => !isOpenCode(row.code)), ...rows.filter((row) => isOpenCode(row.code))];
}

/** Case-insensitive match on the route or API, its code and its summary; every word must match. */
export function matchesSearch(row: MatrixRow, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${row.target} ${row.code} ${row.summary}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
