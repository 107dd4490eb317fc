import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch } from '../../lib/testing/mock-fetch';
import { ColumnSettingsButton } from './column-settings-button';
import type { ColumnChoice } from './column-visibility';
import { useColumnVisibility } from './use-column-visibility';

const ROUTE = '/admin/user/users';
const COLUMNS: ColumnChoice[] = [
  { field: 'username', title: 'Username' },
  { field: 'email', title: 'E-mail' },
  { field: 'user_hash', title: 'User hash', defaultHidden: true },
];

/** The server's view settings, kept per route and type the way the real one stores them. */
function viewSettingsServer() {
  const saved = new Map<string, Record<string, unknown>>();
  const { requests } = mockFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== '/api/account/view/settings') return jsonResponse(404, {});
    if (request.method === 'PUT') {
      const body = request.json() as { route: string; type: string; values: Record<string, unknown> };
      saved.set(`${body.route} ${body.type}`, body.values);
      return jsonResponse(200, body);
    }
    const route = url.searchParams.get('route') ?? '';
    const type = url.searchParams.get('type') ?? '';
    return jsonResponse(200, { route, type, values: saved.get(`${route} ${type}`) ?? {} });
  });
  return { puts: () => requests.filter((request) => request.method === 'PUT') };
}

/** What the page's grid would show, from the same hook the button uses. */
function ShownColumns() {
  const { visible } = useColumnVisibility(ROUTE, COLUMNS);
  return (
    <output aria-label="Shown columns">
      {COLUMNS.filter((column) => visible[column.field])
        .map((column) => column.field)
        .join(',')}
    </output>
  );
}

/** A fresh page load: new query client, nothing cached. */
function renderPage() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <ColumnSettingsButton route={ROUTE} columns={COLUMNS} />
      <ShownColumns />
    </AppProviders>,
  );
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Columns' });
}

const shown = () => screen.getByRole('status', { name: 'Shown columns' }).textContent;

describe('column visibility (spec: a show flag per column, per user and route)', () => {
  it('is persisted with a PUT of every show flag and restored on a fresh render', async () => {
    const server = viewSettingsServer();
    const first = renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(shown()).toBe('username,email'));

    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'User hash' }));
    expect(shown()).toBe('username,user_hash');

    await waitFor(() => expect(server.puts()).toHaveLength(2));
    expect(server.puts()[1]?.json()).toEqual({
      route: ROUTE,
      type: 'columns',
      values: { username: { show: true }, email: { show: false }, user_hash: { show: true } },
    });

    first.unmount();
    renderPage();
    await waitFor(() => expect(shown()).toBe('username,user_hash'));
    const reopened = await openSettings(user);
    expect((within(reopened).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('keeps at least one column visible', async () => {
    viewSettingsServer();
    renderPage();
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('checkbox', { name: 'E-mail' }));
    const last = within(drawer).getByRole('checkbox', { name: 'Username' }) as HTMLInputElement;
    expect(last.checked).toBe(true);
    expect(last.disabled).toBe(true);
    expect(shown()).toBe('username');
  });

  it('Reset saves an empty view, so every column is back to its default', async () => {
    const server = viewSettingsServer();
    renderPage();
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(drawer).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(server.puts()).toHaveLength(2));
    expect(server.puts()[1]?.json()).toEqual({ route: ROUTE, type: 'columns', values: {} });
    expect(shown()).toBe('username,email');
  });

  it('shows the change before the server answers, and rolls back when the save fails', async () => {
    let failSave: () => void = () => {};
    const saveAnswered = new Promise<void>((resolve) => {
      failSave = resolve;
    });
    const { requests } = mockFetch(async (request) => {
      if (request.method !== 'PUT') return jsonResponse(200, { route: ROUTE, type: 'columns', values: {} });
      await saveAnswered;
      return jsonResponse(500, { error_code: 'SERVER_ERROR', msg: 'Database down', req_id: 'r1' });
    });
    renderPage();
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('checkbox', { name: 'E-mail' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(shown()).toBe('username');

    failSave();
    await waitFor(() => expect(shown()).toBe('username,email'));
  });

  it('a checkbox reads its new state in the click itself, before the query cache tells anyone', async () => {
    viewSettingsServer();
    renderPage();
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    const email = within(drawer).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement;
    await waitFor(() => expect(email.checked).toBe(true));
    // TanStack Query tells its observers a task later; on a busy machine that task can wait.
    const held: (() => void)[] = [];
    notifyManager.setScheduler((callback) => held.push(callback));
    try {
      act(() => {
        fireEvent.click(email);
      });
      expect(email.checked).toBe(false);
    } finally {
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
      act(() => {
        for (const callback of held) callback();
      });
    }
    await waitFor(() => expect(shown()).toBe('username'));
    expect(email.checked).toBe(false);
  });
});
