import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import type { FilterValues } from './filter-types';
import { SearchWithFilters, type SearchWithFiltersProps } from './search-with-filters';
import { everyTypeConfig } from './test-config';

function renderSearch(props: Partial<SearchWithFiltersProps> = {}, path = '/users') {
  const onChange = vi.fn<(values: FilterValues) => void>();
  const onSearch = vi.fn<(q: string) => void>();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SearchWithFilters
          config={everyTypeConfig}
          values={{}}
          onChange={onChange}
          onSearch={onSearch}
          placeholder="Search users"
          {...props}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onChange, onSearch, user: userEvent.setup(), view };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = 'Filters') {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Filters' });
}

describe('SearchWithFilters', () => {
  it('the filter button shows the count of active non-default selections', () => {
    renderSearch({
      values: {
        status: { type: 'option', value: 'banned' },
        role: { type: 'check_list', value: 'all' },
        verified: { type: 'bool', value: true },
      },
    });
    expect(screen.getByRole('button', { name: 'Filters, 2 active' })).toBeTruthy();
  });

  it("check-list in the drawer: choosing another removes 'all', choosing 'all' clears the others", async () => {
    const { user } = renderSearch();
    const drawer = await openDrawer(user);
    const roles = within(drawer).getByRole('group', { name: 'Role' });
    const box = (name: string) => within(roles).getByRole('checkbox', { name }) as HTMLInputElement;

    expect(box('All').checked).toBe(true);
    await user.click(box('Admin'));
    await user.click(box('User'));
    expect([box('All').checked, box('Admin').checked, box('User').checked]).toEqual([false, true, true]);
    await user.click(box('All'));
    expect([box('All').checked, box('Admin').checked, box('User').checked]).toEqual([true, false, false]);
  });

  it('applies the drawer: option defaults to all, and only changed fields are handed over', async () => {
    const { user, onChange } = renderSearch();
    const drawer = await openDrawer(user);
    const status = within(drawer).getByRole('group', { name: 'Status' });
    expect((within(status).getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(status).getByRole('radio', { name: 'Banned' }));
    await user.click(
      within(within(drawer).getByRole('group', { name: 'Role' })).getByRole('checkbox', { name: 'Operator' }),
    );
    await user.click(within(drawer).getByRole('switch', { name: 'E-mail verified' }));
    // The config's submit field names the apply button.
    await user.click(within(drawer).getByRole('button', { name: 'Search' }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toEqual({
      status: { type: 'option', value: 'banned' },
      role: { type: 'check_list', value: 'operator' },
      verified: { type: 'bool', value: true },
    });
  });

  it('Reset goes back to the defaults at once', async () => {
    const { user, onChange } = renderSearch({ values: { status: { type: 'option', value: 'banned' } } });
    const drawer = await openDrawer(user, 'Filters, 1 active');
    await user.click(within(drawer).getByRole('button', { name: 'Reset' }));
    expect(onChange).toHaveBeenLastCalledWith({});
    const status = within(drawer).getByRole('group', { name: 'Status' });
    expect((within(status).getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a month picker opens on the month preset by year_month in the URL', async () => {
    const { user } = renderSearch({}, '/users?year_month=202405');
    const drawer = await openDrawer(user);
    await user.click(within(within(drawer).getByRole('group', { name: 'Sign-up day' })).getByRole('textbox'));
    // The day panel's header names the month it shows.
    await waitFor(() => expect(document.querySelector('.ant-picker-month-btn')?.textContent).toBe('May'));
    expect(document.querySelector('.ant-picker-year-btn')?.textContent).toBe('2024');
  });

  it('searches on Enter, and on its own after a pause in typing', async () => {
    const { user, onSearch } = renderSearch();
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'ada{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('ada');

    await user.type(box, ' lovelace');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('ada lovelace'));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('shows no filter button when the list has no filters', () => {
    renderSearch({ config: {} });
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });
});
