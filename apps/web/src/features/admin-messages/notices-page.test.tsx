import type { AdminNotice } from '@app/contract/messages/notices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

function notice(overrides: Partial<AdminNotice> = {}): AdminNotice {
  return {
    id: 'n-1',
    level: 'warning',
    title: 'Maintenance tonight',
    body: 'The service pauses at 22:00.',
    pop_up: true,
    start_time: 1_700_000_000,
    end_time: null,
    created_by: 'user-1',
    closed_count: 4,
    status: 'active',
    creation_time: 1_700_000_000,
    ...overrides,
  };
}

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/msg/notices': { body: { items: [notice()], total: 1, page: 1, page_size: 10 } },
    ...extra,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/** antd's picker takes typed text in its format; Enter commits it. */
async function pick(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${value}{Enter}`);
}

async function openNewNotice(user: User) {
  await user.click(await screen.findByRole('button', { name: 'New notice', hidden: true }));
  return within(await screen.findByRole('dialog', { hidden: true }));
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/msg/notice', () => {
  it('publishes a notice with its window in Unix seconds', async () => {
    signIn();
    const fetch = server({ 'POST /api/admin/msg/notices': { body: notice({ id: 'n-2' }) } });
    renderApp('/admin/msg/notice');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const dialog = await openNewNotice(user);
    await fill(user, dialog.getByLabelText('Title'), 'New pricing');
    await fill(user, dialog.getByLabelText('Text'), 'Plans change on 1 March.');
    await user.click(dialog.getByLabelText('Pop-up'));
    await pick(user, dialog.getByLabelText('Start'), '2030-01-02 09:30');
    await pick(user, dialog.getByLabelText('End'), '2030-01-09 18:00');
    await user.click(dialog.getByRole('button', { name: 'Publish', hidden: true }));

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/msg/notices')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/msg/notices')[0]?.json()).toEqual({
      level: 'other',
      title: 'New pricing',
      body: 'Plans change on 1 March.',
      pop_up: true,
      start_time: dayjs('2030-01-02T09:30:00').unix(),
      end_time: dayjs('2030-01-09T18:00:00').unix(),
    });
  });

  it("shows the server's end_time refusal on the End field and keeps the dialog open", async () => {
    signIn();
    server({
      'POST /api/admin/msg/notices': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Invalid input',
          req_id: 'r1',
          fields: { end_time: 'The end must be after the start (server)' },
        },
      },
    });
    renderApp('/admin/msg/notice');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const dialog = await openNewNotice(user);
    await fill(user, dialog.getByLabelText('Title'), 'New pricing');
    await fill(user, dialog.getByLabelText('Text'), 'Plans change on 1 March.');
    await pick(user, dialog.getByLabelText('Start'), '2030-01-02 09:30');
    await pick(user, dialog.getByLabelText('End'), '2030-01-09 18:00');
    await user.click(dialog.getByRole('button', { name: 'Publish', hidden: true }));

    const error = await dialog.findByText('The end must be after the start (server)');
    const item = error.closest('.ant-form-item');
    expect(item?.querySelector('label')?.textContent).toBe('End');
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
  });

  it('edits a notice with its current values and saves them to its id', async () => {
    signIn();
    const fetch = server({ 'PUT /api/admin/msg/notices/n-1': { body: notice({ title: 'Maintenance' }) } });
    renderApp('/admin/msg/notice');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance tonight', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.clear(dialog.getByLabelText('Title'));
    await fill(user, dialog.getByLabelText('Title'), 'Maintenance');
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/msg/notices/n-1')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/msg/notices/n-1')[0]?.json()).toEqual({
      level: 'warning',
      title: 'Maintenance',
      body: 'The service pauses at 22:00.',
      pop_up: true,
      // An untouched start goes back as it came: changing the title does not move the window.
      start_time: 1_700_000_000,
      end_time: null,
    });
  });

  it('deletes a notice only after confirming', async () => {
    signIn();
    const fetch = server({ 'DELETE /api/admin/msg/notices/n-1': { body: { deleted: true } } });
    renderApp('/admin/msg/notice');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Delete Maintenance tonight', hidden: true }));
    expect(fetch.callsTo('DELETE /api/admin/msg/notices/n-1')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('tooltip', { hidden: true })).getByRole('button', {
        name: 'Delete',
        hidden: true,
      }),
    );

    await waitFor(() => expect(fetch.callsTo('DELETE /api/admin/msg/notices/n-1')).toHaveLength(1));
  });
});
