import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { customPageSize, pageSizeChoices } from './page-size';
import { Paginator, type PaginatorProps } from './paginator';

function renderPaginator(props: Partial<PaginatorProps> = {}) {
  const onChange = vi.fn<PaginatorProps['onChange']>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Paginator total={95} page={1} pageSize={10} onChange={onChange} {...props} />
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup() };
}

/** Types into the size box and picks what it offers, as a user would. */
async function typeSize(user: ReturnType<typeof userEvent.setup>, text: string, offered: string) {
  const box = screen.getByRole('combobox', { name: 'Page size' });
  await user.click(box);
  await user.type(box, text);
  const listbox = screen.getByRole('listbox');
  expect(
    within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([offered]);
  await user.click(within(listbox).getByRole('option', { name: offered }));
}

describe('custom page size (spec section 5: minimum 2, made an absolute integer)', () => {
  it('custom size 1 becomes 2', () => {
    expect(customPageSize('1')).toBe(2);
  });

  it('-20 becomes 20', () => {
    expect(customPageSize('-20')).toBe(20);
  });

  it('7.9 becomes 7', () => {
    expect(customPageSize('7.9')).toBe(7);
  });

  it('text that is not a number offers no size', () => {
    expect(customPageSize('')).toBeNull();
    expect(customPageSize('-')).toBeNull();
    expect(customPageSize('ten')).toBeNull();
  });

  it('offers 10, 20, 50, 100, plus the current custom size', () => {
    expect(pageSizeChoices(10)).toEqual([10, 20, 50, 100]);
    expect(pageSizeChoices(7)).toEqual([7, 10, 20, 50, 100]);
  });
});

describe('Paginator', () => {
  it('shows the total and the current page, with page group 1 by default', () => {
    renderPaginator({ total: 200, page: 10 });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Total 200')).toBeTruthy();
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '10', '20']);
    expect(within(nav).getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
  });

  it('a page group of 2 shows 3 page buttons around the current page', () => {
    renderPaginator({ total: 200, page: 10, pageGroupSize: 2 });
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '20']);
  });

  it('moves between pages keeping the size', async () => {
    const { onChange, user } = renderPaginator({ page: 2 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange).toHaveBeenLastCalledWith(10, 10);
  });

  it('custom size 1 typed by the user becomes 2, on page 1', async () => {
    const { onChange, user } = renderPaginator({ page: 4 });
    await typeSize(user, '1', '2 / page');
    expect(onChange).toHaveBeenLastCalledWith(1, 2);
  });

  it('-20 typed by the user becomes 20, 7.9 becomes 7', async () => {
    const { onChange, user } = renderPaginator();
    await typeSize(user, '-20', '20 / page');
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
    await typeSize(user, '7.9', '7 / page');
    expect(onChange).toHaveBeenLastCalledWith(1, 7);
  });
});
