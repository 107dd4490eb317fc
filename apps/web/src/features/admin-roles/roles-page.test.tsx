import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

const SUPPORT = {
  code: 'support_lead',
  name: 'Support lead',
  description: 'Leads support',
  is_system: false,
  users_count: 2,
  created_at: 1_700_000_000,
};
const ROLES = {
  items: [
    {
      code: 'admin',
      name: 'Admin',
      description: '',
      is_system: true,
      users_count: 1,
      created_at: 1_700_000_000,
    },
    SUPPORT,
  ],
};

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check; what is asserted is still on screen.
 */
function server(extra: StubRoutes = {}) {
  return stubFetch({ ...signedInRoutes(), 'GET /api/admin/roles': { body: ROLES }, ...extra });
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('/admin/user/roles', () => {
  it('creates a role with its code, name and description', async () => {
    signIn();
    const fetch = server({ 'POST /api/admin/roles': { body: { role: { ...SUPPORT, code: 'auditor' } } } });
    renderApp('/admin/user/roles');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'New role', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await fill(user, dialog.getByLabelText('Code'), 'auditor');
    await fill(user, dialog.getByLabelText('Name'), 'Auditor');
    await fill(user, dialog.getByLabelText('Description'), 'Reads the logs');
    await user.click(dialog.getByRole('button', { name: 'Create', hidden: true }));

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/roles')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/roles')[0]?.json()).toEqual({
      code: 'auditor',
      name: 'Auditor',
      description: 'Reads the logs',
    });
  });

  it("puts the server's refusal on the field it names and keeps the dialog open", async () => {
    signIn();
    server({
      'POST /api/admin/roles': {
        status: 409,
        body: {
          error_code: 'CONFLICT',
          msg: 'Conflict',
          req_id: 'r1',
          fields: { code: 'This code is taken' },
        },
      },
    });
    renderApp('/admin/user/roles');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'New role', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await fill(user, dialog.getByLabelText('Code'), 'admin2');
    await fill(user, dialog.getByLabelText('Name'), 'Admin 2');
    await user.click(dialog.getByRole('button', { name: 'Create', hidden: true }));

    expect(await dialog.findByText('This code is taken')).toBeTruthy();
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
  });

  it('renames a role, leaving its code alone', async () => {
    signIn();
    const fetch = server({
      'PATCH /api/admin/roles/support_lead': { body: { role: { ...SUPPORT, name: 'Support leads' } } },
    });
    renderApp('/admin/user/roles');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Rename Support lead', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.queryByLabelText('Code')).toBeNull();
    await user.clear(dialog.getByLabelText('Name'));
    await fill(user, dialog.getByLabelText('Name'), 'Support leads');
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));

    await waitFor(() => expect(fetch.callsTo('PATCH /api/admin/roles/support_lead')).toHaveLength(1));
    expect(fetch.callsTo('PATCH /api/admin/roles/support_lead')[0]?.json()).toEqual({
      name: 'Support leads',
      description: 'Leads support',
    });
  });

  it("deletes after confirming and shows the server's reason when it refuses", async () => {
    signIn();
    const fetch = server({
      'DELETE /api/admin/roles/support_lead': {
        status: 409,
        body: { error_code: 'CONFLICT', msg: 'The role is held by 2 users', req_id: 'r2' },
      },
    });
    renderApp('/admin/user/roles');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Delete Support lead', hidden: true }));
    await user.click(
      within(await screen.findByRole('tooltip', { hidden: true })).getByRole('button', {
        name: 'Delete',
        hidden: true,
      }),
    );

    await waitFor(() => expect(fetch.callsTo('DELETE /api/admin/roles/support_lead')).toHaveLength(1));
    expect(await screen.findByText('The role is held by 2 users')).toBeTruthy();
  });
});
