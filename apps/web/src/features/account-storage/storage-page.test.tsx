import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const FILE = {
  id: 'f-1',
  name: 'sessions.csv',
  ext: 'csv',
  mime: 'text/csv',
  size: 1536,
  folder_id: 'd-1',
  uploaded_by: { id: 'u-1', username: 'Ada' },
  created_at: 1_700_000_000,
  origin: 'upload' as const,
};

describe('/account/user/storage', () => {
  it('shows the space used against the quota, the folder tree and the files', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/storage/folders': {
        body: {
          folders: [
            {
              id: 'd-1',
              folder: 'Reports',
              project_id: null,
              files_count: 1,
              sub_folders: [{ id: 'd-2', folder: 'Q4', project_id: null, files_count: 0, sub_folders: [] }],
            },
          ],
        },
      },
      'GET /api/account/storage/usage': {
        body: {
          used_bytes: 1536,
          limit_bytes: 100 * 1024 * 1024,
          files_count: 1,
          by_type: [{ ext: 'csv', bytes: 1536, files: 1 }],
        },
      },
      'GET /api/account/storage/files': {
        body: {
          items: [
            FILE,
            { ...FILE, id: 'f-2', name: 'Sessions by channel.xlsx', ext: 'xlsx', origin: 'generated' },
          ],
          total: 2,
          page: 1,
          page_size: 10,
        },
      },
      'GET /api/analytics/datasets': { body: { items: [] } },
    });
    renderApp('/account/user/storage');
    userEvent.setup({ pointerEventsCheck: 0 });

    const usage = await screen.findByTestId('storage-usage');
    await waitFor(() => expect(within(usage).getByText('1.50 KB of 100.00 MB used')).toBeTruthy());
    expect(within(usage).getByText('csv: 1.50 KB')).toBeTruthy();
    expect(await screen.findByText('Reports (1)')).toBeTruthy();
    // The tree opens new folders in an effect after they render: wait for the sub-folder too.
    expect(await screen.findByText('Q4 (0)')).toBeTruthy();
    expect(await screen.findByText('sessions.csv')).toBeTruthy();
    expect(screen.getAllByText('Ada').length).toBeGreaterThan(0);
    // What the product made says so beside its name; an upload does not.
    const generated = screen.getByText('Sessions by channel.xlsx').closest('tr') as HTMLElement;
    expect(within(generated).getByText('Generated')).toBeTruthy();
    const uploaded = screen.getByText('sessions.csv').closest('tr') as HTMLElement;
    expect(within(uploaded).queryByText('Generated')).toBeNull();
  });

  it('deleting a folder with files asks first, saying how many files go with it', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/storage/folders': {
        body: {
          folders: [{ id: 'd-1', folder: 'Reports', project_id: null, files_count: 3, sub_folders: [] }],
        },
      },
      'GET /api/account/storage/usage': {
        body: { used_bytes: 0, limit_bytes: 1024, files_count: 0, by_type: [] },
      },
      'GET /api/account/storage/files': { body: { items: [], total: 0, page: 1, page_size: 10 } },
      'GET /api/analytics/datasets': { body: { items: [] } },
      'DELETE /api/account/storage/folders/d-1': {
        status: 409,
        body: { error_code: 'CONFLICT', msg: 'The folder holds 3 files', req_id: 'r-1', files_count: 3 },
      },
    });
    renderApp('/account/user/storage');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByText('Reports (3)'));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    expect((await screen.findAllByText('Delete the folder and its files?')).length).toBeGreaterThan(0);
    expect(screen.getByText('3 files in this folder and its sub-folders are deleted with it.')).toBeTruthy();
    expect(fetch.callsTo('DELETE /api/account/storage/folders/d-1')).toHaveLength(1);
  });
});

describe('/account/user/storage, scoped by project', () => {
  it('choosing a project narrows the tree and the files to its folders; a new folder there belongs to it', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/projects': {
        body: {
          items: [
            {
              id: 'p-1',
              team_id: 't-1',
              team_name: 'Acme',
              name: 'Launch',
              description: '',
              my_role: 'admin',
              guest: false,
              can_manage: true,
              can_delete: true,
              members_count: 2,
              created_at: 1_700_000_000,
              updated_at: 1_700_000_000,
            },
          ],
          total: 1,
          page: 1,
          page_size: 100,
        },
      },
      'GET /api/account/storage/folders': { body: { folders: [] } },
      'GET /api/account/storage/usage': {
        body: { used_bytes: 0, limit_bytes: 100 * 1024 * 1024, files_count: 0, by_type: [] },
      },
      'GET /api/account/storage/files': { body: { items: [], total: 0, page: 1, page_size: 10 } },
      'GET /api/analytics/datasets': { body: { items: [] } },
      'POST /api/account/storage/folders': { body: { id: 'd-9' } },
    });
    renderApp('/account/user/storage');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByTitle('Launch'));
    await waitFor(() => {
      const asked = fetch.callsTo('GET /api/account/storage/folders').at(-1);
      expect(new URL(asked?.url ?? '', 'http://x').searchParams.get('project_id')).toBe('p-1');
    });
    await waitFor(() => {
      const asked = fetch.callsTo('GET /api/account/storage/files').at(-1);
      expect(new URL(asked?.url ?? '', 'http://x').searchParams.get('project_id')).toBe('p-1');
    });

    await user.click(screen.getByRole('button', { name: /New folder/ }));
    const title = await screen.findByText('New folder', { selector: '.ant-modal-title' });
    const dialog = title.closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('Name'), 'Plans');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/account/storage/folders')[0]?.json()).toEqual({
        folder: 'Plans',
        parent_id: null,
        project_id: 'p-1',
      }),
    );
  });
});

describe('a dataset in storage', () => {
  it('"Ask about this dataset" opens a new chat with the dataset picked as its source', async () => {
    signIn();
    const ID = '0f8b6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/storage/folders': { body: { folders: [] } },
      'GET /api/account/storage/usage': {
        body: { used_bytes: 0, limit_bytes: 100 * 1024 * 1024, files_count: 0, by_type: [] },
      },
      'GET /api/account/storage/files': { body: { items: [], total: 0, page: 1, page_size: 10 } },
      'GET /api/analytics/datasets': {
        body: {
          items: [
            {
              id: ID,
              name: 'Leads 2026',
              file_id: null,
              status: 'ready',
              progress: 100,
              error: null,
              row_count: 1200,
              columns: [],
              created_at: 1_700_000_000,
              updated_at: 1_700_000_000,
            },
          ],
        },
      },
      'POST /api/chats': (request) => ({
        body: {
          chat: {
            id: 'c-9',
            title: (request.json() as { title: string }).title,
            created_at: 1_700_000_000,
            updated_at: 1_700_000_000,
          },
        },
      }),
      'GET /api/chats': { body: { items: [], total: 0 } },
      'GET /api/chats/c-9': {
        body: { chat: { id: 'c-9', title: 'About Leads 2026', created_at: 1, updated_at: 1 }, messages: [] },
      },
      'GET /api/chats/assistant': { body: { offline: true, model: 'offline', message_credits: 1 } },
      'GET /api/analytics/sources': {
        body: {
          items: [
            {
              source: `dataset:${ID}`,
              origin: 'team',
              label: 'Leads 2026',
              metrics: [],
              dimensions: [],
              freshness: [],
            },
          ],
        },
      },
    });
    const app = renderApp('/account/user/storage');
    const card = await screen.findByTestId('datasets-card');
    (await within(card).findByRole('button', { name: 'Ask about this dataset' })).click();

    await waitFor(() => expect(app.location()).toBe('/chat/c-9'));
    expect(fetch.callsTo('POST /api/chats')[0]?.json()).toEqual({ title: 'About Leads 2026' });
    const picker = (await screen.findByRole('combobox', { name: 'Data source' })) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(`dataset:${ID}`));
  });
});
