import { DEFAULT_PAGE_SIZE, normalizePageSize } from '@app/contract/list';
import { type FilterValues, zFilterValue } from '../filter-drawer/filter-types';
import type { ListState, ListStateDefaults } from './use-list-state';

/** The search parameters a list owns; any others on the page (year_month, id) are left alone. */
export const LIST_PARAMS = {
  page: 'page',
  pageSize: 'page_size',
  sort: 'sort',
  q: 'q',
  filters: 'f',
} as const;

// The same limits the server's list query enforces, so a URL the app writes is one the API accepts.
const MAX_PAGE = 100_000;
const MAX_Q_LENGTH = 200;
const SORT = /^-?[a-z_]{1,64}$/;

function parsePage(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

function parsePageSize(text: string | null): number {
  if (text === null || text.trim() === '') return DEFAULT_PAGE_SIZE;
  const size = Number(text);
  return Number.isFinite(size) ? normalizePageSize(size) : DEFAULT_PAGE_SIZE;
}

/** A hand-edited `f` keeps its good fields: one bad entry should not drop every filter. */
function parseFilters(text: string | null): FilterValues {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const filters: FilterValues = {};
  for (const [field, value] of Object.entries(raw)) {
    const parsed = zFilterValue.safeParse(value);
    if (parsed.success) filters[field] = parsed.data;
  }
  return filters;
}

/** Reads and validates the list state; every bad value falls back to its default. */
export function parseListState(params: URLSearchParams, defaults: ListStateDefaults = {}): ListState {
  const sort = params.get(LIST_PARAMS.sort) ?? '';
  const q = (params.get(LIST_PARAMS.q) ?? '').trim().slice(0, MAX_Q_LENGTH);
  return {
    page: parsePage(params.get(LIST_PARAMS.page)),
    pageSize: parsePageSize(params.get(LIST_PARAMS.pageSize)),
    sort: SORT.test(sort) ? sort : defaults.defaultSort,
    q: q || undefined,
    filters: parseFilters(params.get(LIST_PARAMS.filters)),
  };
}

/**
 * Writes the state into a copy of `params`, leaving out what equals its default so a fresh list
 * has a clean URL and a shared one carries only what matters.
 */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  defaults: ListStateDefaults = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  set(LIST_PARAMS.page, state.page > 1 ? String(state.page) : undefined);
  set(LIST_PARAMS.pageSize, state.pageSize !== DEFAULT_PAGE_SIZE ? String(state.pageSize) : undefined);
  set(LIST_PARAMS.sort, state.sort && state.sort !== defaults.defaultSort ? state.sort : undefined);
  set(LIST_PARAMS.q, state.q?.trim() || undefined);
  set(LIST_PARAMS.filters, Object.keys(state.filters).length > 0 ? JSON.stringify(state.filters) : undefined);
  return next;
}

/** Changing any of these shows other rows, so page N of before means nothing (back to page 1). */
const RESETS_PAGE = ['pageSize', 'sort', 'q', 'filters'] as const;

/** The state after a patch; the page goes back to 1 when what is listed changes, unless the patch sets it. */
export function patchListState(state: ListState, patch: Partial<ListState>): ListState {
  const next: ListState = { ...state, ...patch, filters: patch.filters ?? state.filters };
  const changesRows = RESETS_PAGE.some(
    (key) => key in patch && JSON.stringify(patch[key] ?? null) !== JSON.stringify(state[key] ?? null),
  );
  if (changesRows && patch.page === undefined) next.page = 1;
  return next;
}
