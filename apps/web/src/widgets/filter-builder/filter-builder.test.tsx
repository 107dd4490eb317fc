import type { FilterItem } from '@app/contract/list';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { FilterBuilder } from './filter-builder';
import { createFilterRow, type FilterRow } from './filter-row';
import { testOptions } from './test-options';

type User = ReturnType<typeof userEvent.setup>;

/** A parent holding the rows, as a page does. */
function Controlled({ initial, onEmit }: { initial: FilterRow[]; onEmit: (items: FilterItem[]) => void }) {
  const [rows, setRows] = useState(initial);
  return <FilterBuilder options={testOptions} value={rows} onChange={setRows} onEmit={onEmit} />;
}

function renderBuilder(initial: FilterRow[] = [createFilterRow()]) {
  const onEmit = vi.fn<(items: FilterItem[]) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Controlled initial={initial} onEmit={onEmit} />
    </AppProviders>,
  );
  return { onEmit, user: userEvent.setup() };
}

const filterRow = (n: number) => screen.getByRole('group', { name: `Filter ${n}` });
const lastEmitted = (onEmit: ReturnType<typeof vi.fn>) => onEmit.mock.lastCall?.[0];

/** The dropdown open now: antd keeps earlier ones in the page, hidden or still fading out. */
function openDropdown(): HTMLElement {
  const open = [
    ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
  ]
    .filter((dropdown) => !/-leave\b/.test(dropdown.className))
    .at(-1);
  if (!open) throw new Error('no dropdown is open');
  return open;
}

/** Opens one of the row's selects and picks a choice by its name, as a user would. */
async function pick(user: User, row: HTMLElement, select: string, choice: string) {
  await user.click(within(row).getByRole('combobox', { name: select }));
  await user.click(within(openDropdown()).getByTitle(choice));
}

/** The names a select offers (group headings included). */
async function offered(user: User, row: HTMLElement, select: string): Promise<string[]> {
  await user.click(within(row).getByRole('combobox', { name: select }));
  const names = [...openDropdown().querySelectorAll('.ant-select-item')].map(
    (item) => item.textContent ?? '',
  );
  await user.keyboard('{Escape}');
  return names;
}

describe('FilterBuilder', () => {
  it('offers the fields grouped by category', async () => {
    const { user } = renderBuilder();
    expect(await offered(user, filterRow(1), 'Field')).toEqual([
      'Dimensions',
      'Campaign',
      'Page',
      'Device',
      'Country',
      'Channel',
      'Metrics',
      'Clicks',
      'CTR',
      'Label',
    ]);
  });

  it("the operator list follows the field chosen, in words rather than the API's codes", async () => {
    const { user } = renderBuilder();
    const row = filterRow(1);
    expect(within(row).getByRole('combobox', { name: 'Condition' })).toHaveProperty('disabled', true);
    await pick(user, row, 'Field', 'Clicks');
    expect(await offered(user, row, 'Condition')).toEqual([
      'greater than',
      'at least',
      'less than',
      'at most',
      'equals',
      'between',
      'is one of',
    ]);
    await pick(user, row, 'Field', 'Campaign');
    expect(await offered(user, row, 'Condition')).toEqual([
      'contains',
      'equals',
      'does not equal',
      'does not contain',
      'is one of',
      'between',
    ]);
  });

  it('an int field takes a whole number and emits it as a number', async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Clicks');
    await user.type(within(row).getByRole('spinbutton', { name: 'Value' }), '120');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'clicks', operator: 'gt', value: 120 },
    ]);
  });

  it('a float field emits a decimal number', async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'CTR');
    await user.type(within(row).getByRole('spinbutton', { name: 'Value' }), '0.35');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'ctr', operator: 'gte', value: 0.35 },
    ]);
  });

  it('a string field takes text', async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Campaign');
    await user.type(within(row).getByRole('textbox', { name: 'Value' }), 'spring');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'campaign', operator: 'contains', value: 'spring' },
    ]);
  });

  it("an option field picks one of its values; left at 'all' it emits nothing", async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Device');
    expect(lastEmitted(onEmit)).toEqual([]);
    await pick(user, row, 'Value', 'Mobile');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'device', operator: 'eq', value: 'mobile' },
    ]);
  });

  it("a check-list joins its choices with ';' and keeps the 'all' rule", async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Country');
    await pick(user, row, 'Value', 'China');
    await user.click(within(openDropdown()).getByTitle('France'));
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'country', operator: 'in', value: 'CN;FR' },
    ]);
    // Choosing 'all' clears the others, so the row filters nothing.
    await user.click(within(openDropdown()).getByTitle('All'));
    expect(lastEmitted(onEmit)).toEqual([]);
    await user.click(within(openDropdown()).getByTitle('Hong Kong'));
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'country', operator: 'in', value: 'HK' },
    ]);
  });

  it("'between' takes a minimum and a maximum, emitted as 'a;b'", async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Clicks');
    await pick(user, row, 'Condition', 'between');
    await user.type(within(row).getByRole('spinbutton', { name: 'Minimum' }), '10');
    expect(lastEmitted(onEmit)).toEqual([]);
    await user.type(within(row).getByRole('spinbutton', { name: 'Maximum' }), '20');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'clicks', operator: 'between', value: '10;20' },
    ]);
  });

  it('changing field resets operator and value', async () => {
    const { user, onEmit } = renderBuilder();
    const row = filterRow(1);
    await pick(user, row, 'Field', 'Campaign');
    await pick(user, row, 'Condition', 'equals');
    await user.type(within(row).getByRole('textbox', { name: 'Value' }), 'spring');
    await pick(user, row, 'Field', 'Page');
    expect(within(row).getByTitle('contains')).toBeTruthy();
    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', '');
    expect(lastEmitted(onEmit)).toEqual([]);
  });

  it('the first row shows no connector; later rows join with And by default, and Or is kept', async () => {
    const { user, onEmit } = renderBuilder();
    expect(
      within(filterRow(1)).queryByRole('combobox', { name: 'Join with the previous filter' }),
    ).toBeNull();
    await pick(user, filterRow(1), 'Field', 'Clicks');
    await user.type(within(filterRow(1)).getByRole('spinbutton', { name: 'Value' }), '5');
    await user.click(screen.getByRole('button', { name: /Add filter/ }));
    const second = filterRow(2);
    expect(within(second).getByTitle('And')).toBeTruthy();
    await pick(user, second, 'Field', 'Campaign');
    await user.type(within(second).getByRole('textbox', { name: 'Value' }), 'sale');
    expect(lastEmitted(onEmit)?.[1]).toEqual({
      connect_pre_filter: 'and',
      field: 'campaign',
      operator: 'contains',
      value: 'sale',
    });
    await pick(user, second, 'Join with the previous filter', 'Or');
    expect(lastEmitted(onEmit)?.[1]).toMatchObject({ connect_pre_filter: 'or', field: 'campaign' });
  });

  it('adds and removes rows; empty rows are dropped from what is emitted', async () => {
    const { user, onEmit } = renderBuilder([]);
    expect(screen.queryByRole('group')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Add filter/ }));
    await user.click(screen.getByRole('button', { name: /Add filter/ }));
    expect(screen.getAllByRole('group')).toHaveLength(2);
    expect(lastEmitted(onEmit)).toEqual([]);
    await pick(user, filterRow(2), 'Field', 'Label');
    await user.type(within(filterRow(2)).getByRole('textbox', { name: 'Value' }), 'brand');
    expect(lastEmitted(onEmit)).toEqual([
      { connect_pre_filter: 'and', field: 'label', operator: 'eq', value: 'brand' },
    ]);
    await user.click(within(filterRow(1)).getByRole('button', { name: 'Remove filter' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    // The remaining row is now the first: it keeps its value and shows no connector.
    expect(within(filterRow(1)).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', 'brand');
    expect(
      within(filterRow(1)).queryByRole('combobox', { name: 'Join with the previous filter' }),
    ).toBeNull();
    await user.click(within(filterRow(1)).getByRole('button', { name: 'Remove filter' }));
    expect(lastEmitted(onEmit)).toEqual([]);
  });
});
