import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const FILE = {
  id: 'f-1',
  name: 'leads.csv',
  ext: 'csv',
  mime: 'text/csv',
  size: 2 * 1024 * 1024,
  folder_id: null,
  uploaded_by: { id: 'u-1', username: 'Ada' },
  created_at: 1_764_000_000,
  origin: 'upload' as const,
  team: { id: 't-1', name: 'Acme' },
};

describe('/admin/storage', () => {
  it("lists every team's files; the size filter asks for files at least that large", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/storage/files': { body: { items: [FILE], total: 1, page: 1, page_size: 10 } },
    });
    renderApp('/admin/storage');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const row = within((await screen.findByText('leads.csv')).closest('tr') as HTMLElement);
    expect(row.getByText('Acme')).toBeTruthy();
    expect(row.getByText('Ada')).toBeTruthy();
    expect(row.getByText('2.00 MB')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.click(await screen.findByText('At least 10.00 MB'));
    await user.click(await screen.findByText('Apply'));
    await waitFor(() => {
      const last = fetch.callsTo('GET /api/admin/storage/files').at(-1);
      const filters = JSON.parse(new URL(last?.url ?? '', 'http://x').searchParams.get('filters') ?? '[]');
      expect(filters).toEqual([
        { connect_pre_filter: 'and', field: 'size', operator: 'gte', value: String(10 * 1024 * 1024) },
      ]);
    });
  });

  it('deletes a file after asking, naming the file and its team', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/storage/files': { body: { items: [FILE], total: 1, page: 1, page_size: 10 } },
      'DELETE /api/admin/storage/files/f-1': { body: { deleted: true } },
    });
    renderApp('/admin/storage');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const row = within((await screen.findByText('leads.csv')).closest('tr') as HTMLElement);
    await user.click(row.getByText('Delete'));
    expect((await screen.findAllByText('leads.csv (Acme)')).length).toBeGreaterThan(0);
    expect(fetch.callsTo('DELETE /api/admin/storage/files/f-1')).toHaveLength(0);
    const [title] = await screen.findAllByText('Delete this file?');
    const modal = title?.closest('.ant-modal') as HTMLElement;
    await user.click(modal.querySelector('.ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(fetch.callsTo('DELETE /api/admin/storage/files/f-1')).toHaveLength(1));
  });
});
