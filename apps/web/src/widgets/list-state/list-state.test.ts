import { describe, expect, it } from 'vitest';
import { everyTypeConfig } from '../filter-drawer/test-config';
import { parseListState, patchListState, writeListState } from './list-state';
import { type ListState, toListQuery } from './use-list-state';

const parse = (query: string, defaultSort?: string) =>
  parseListState(new URLSearchParams(query), { defaultSort });

describe('list state in the URL', () => {
  it('defaults: page 1, size 10, no sort, search or filters', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 10, sort: undefined, q: undefined, filters: {} });
    expect(parse('', '-created_at').sort).toBe('-created_at');
  });

  it('bad values fall back to defaults', () => {
    expect(parse('page=0&page_size=abc&sort=DROP%20TABLE&f=%7Bnot-json')).toEqual(parse(''));
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=-3').page).toBe(1);
    expect(parse('sort=bad;', 'name').sort).toBe('name');
  });

  it('a custom page size is made an absolute integer of at least 2', () => {
    expect(parse('page_size=1').pageSize).toBe(2);
    expect(parse('page_size=-20').pageSize).toBe(20);
    expect(parse('page_size=7.9').pageSize).toBe(7);
  });

  it('keeps the valid filters of a hand-edited f and drops the bad ones', () => {
    const f = JSON.stringify({
      status: { type: 'option', value: 'banned' },
      role: { type: 'nonsense', value: 'x' },
      verified: 'yes',
    });
    expect(parse(`f=${encodeURIComponent(f)}`).filters).toEqual({
      status: { type: 'option', value: 'banned' },
    });
  });

  it('round-trips through the URL, leaving defaults out and other parameters alone', () => {
    const state: ListState = {
      page: 3,
      pageSize: 50,
      sort: '-created_at',
      q: 'ada',
      filters: { role: { type: 'check_list', value: 'admin;user' } },
    };
    const params = writeListState(new URLSearchParams('year_month=202405'), state);
    expect(params.get('year_month')).toBe('202405');
    expect(parseListState(params)).toEqual(state);

    const clean = writeListState(params, { page: 1, pageSize: 10, filters: {} });
    expect(clean.toString()).toBe('year_month=202405');
  });

  it('changing filters resets page to 1', () => {
    const state: ListState = { page: 4, pageSize: 10, filters: {} };
    const filters = { status: { type: 'option' as const, value: 'banned' } };
    expect(patchListState(state, { filters }).page).toBe(1);
    expect(patchListState(state, { q: 'ada' }).page).toBe(1);
    expect(patchListState(state, { pageSize: 20 }).page).toBe(1);
    expect(patchListState(state, { sort: 'name' }).page).toBe(1);
  });

  it('keeps the page when nothing listed changes, or when the patch sets it', () => {
    const state: ListState = { page: 4, pageSize: 10, q: 'ada', filters: {} };
    expect(patchListState(state, { q: 'ada' }).page).toBe(4);
    expect(patchListState(state, { page: 5 }).page).toBe(5);
    expect(patchListState(state, { pageSize: 20, page: 2 }).page).toBe(2);
  });
});

describe('toListQuery', () => {
  it('gives the API query with the emitted filters as JSON', () => {
    const query = toListQuery(
      {
        page: 2,
        pageSize: 20,
        sort: 'name',
        q: 'ada',
        filters: { status: { type: 'option', value: 'banned' }, role: { type: 'check_list', value: 'all' } },
      },
      everyTypeConfig,
    );
    expect(query).toEqual({
      page: 2,
      page_size: 20,
      sort: 'name',
      q: 'ada',
      filters: JSON.stringify([
        { connect_pre_filter: 'and', field: 'status', operator: 'eq', value: 'banned' },
      ]),
    });
  });

  it('leaves filters, sort and q out when there are none', () => {
    expect(toListQuery({ page: 1, pageSize: 10, filters: {} }, everyTypeConfig)).toEqual({
      page: 1,
      page_size: 10,
    });
  });
});
