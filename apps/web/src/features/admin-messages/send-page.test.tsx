import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

const TEAMS = {
  items: [
    {
      id: 't-9',
      name: 'Acme',
      personal: false,
      owner: { id: 'u-5', username: 'Wile', email: 'wile@acme.test' },
      members_count: 3,
      created_at: 1_700_000_000,
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

const PREVIEW = {
  recipients: 42,
  sample: [
    { id: 'u-1', email: 'linus@example.com', username: 'Linus' },
    { id: 'u-2', email: 'grace@example.com', username: 'Grace' },
  ],
  email: { subject: 'Spring release', text: 'New charts are live.\n' },
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/msg/sends': { body: { items: [], total: 0, page: 1, page_size: 10 } },
    'GET /api/admin/teams': { body: TEAMS },
    'POST /api/admin/msg/send/preview': { body: PREVIEW },
    ...extra,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function openPage() {
  renderApp('/admin/msg/send');
  expect(await screen.findByText('New message')).toBeTruthy();
  return userEvent.setup({ pointerEventsCheck: 0 });
}

async function write(user: User, title: string, body: string) {
  await user.click(screen.getByLabelText('Title'));
  await user.paste(title);
  await user.click(screen.getByLabelText('Text'));
  await user.paste(body);
}

async function chooseTeam(user: User) {
  await user.click(screen.getByLabelText('A team'));
  await user.click(await screen.findByRole('combobox', { name: 'Team', hidden: true }));
  await user.paste('acme');
  await user.click(await screen.findByTitle('Acme (wile@acme.test)'));
}

/** The message of the form field labelled `label`. */
function fieldError(label: string): string | null | undefined {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent;
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/msg/send', () => {
  it('previews how many users the message reaches, a few of them and the e-mail', async () => {
    signIn();
    const fetch = server();
    const user = await openPage();

    await user.click(screen.getByLabelText('E-mail'));
    await write(user, 'Spring release', 'New charts are live.');
    await user.click(screen.getByRole('button', { name: /Preview/, hidden: true }));

    expect(await screen.findByText('This message will reach 42 users.')).toBeTruthy();
    expect(screen.getByText('Linus')).toBeTruthy();
    expect(screen.getByText('and 40 more')).toBeTruthy();
    expect(screen.getByText('New charts are live.', { selector: 'pre' })).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/msg/send/preview')[0]?.json()).toEqual({
      audience: { kind: 'all' },
      in_app: true,
      email: true,
      level: 'other',
      title: 'Spring release',
      body: 'New charts are live.',
    });
    expect(fetch.callsTo('POST /api/admin/msg/send')).toHaveLength(0);
  });

  it('asks with the recipient count, then sends exactly the chosen audience and channels', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/msg/send/preview': { body: { ...PREVIEW, recipients: 3 } },
      'POST /api/admin/msg/send': { body: { id: 's-1', recipients: 3, emails_queued: 3 } },
    });
    const user = await openPage();

    await chooseTeam(user);
    // E-mail only: In-app is on by default.
    await user.click(screen.getByLabelText('In-app'));
    await user.click(screen.getByLabelText('E-mail'));
    await write(user, 'Invoice ready', 'Your invoice is ready.');
    await user.click(screen.getByRole('button', { name: /Send/, hidden: true }));

    const confirm = within(await screen.findByRole('dialog', { hidden: true }));
    expect(
      confirm.getByText('Send this message to 3 users?', { selector: '.ant-modal-confirm-title' }),
    ).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/msg/send')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Send', hidden: true }));

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/msg/send')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/msg/send')[0]?.json()).toEqual({
      audience: { kind: 'team', team_id: 't-9' },
      in_app: false,
      email: true,
      level: 'other',
      title: 'Invoice ready',
      body: 'Your invoice is ready.',
    });
    expect((await screen.findAllByText('Sent to 3 users; 3 e-mails queued')).length).toBeGreaterThan(0);
    // The form is ready for the next message.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('without a channel, says so on the channels and sends nothing', async () => {
    signIn();
    const fetch = server();
    const user = await openPage();

    await user.click(screen.getByLabelText('In-app'));
    await write(user, 'Hello', 'Hi all');
    await user.click(screen.getByRole('button', { name: /Send/, hidden: true }));

    await waitFor(() => expect(fieldError('Channels')).toBe('Choose in-app, e-mail or both'));
    expect(fetch.callsTo('POST /api/admin/msg/send/preview')).toHaveLength(0);
    expect(fetch.callsTo('POST /api/admin/msg/send')).toHaveLength(0);
  });

  it("puts the server's refusal of the audience on the team picker", async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/msg/send/preview': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Invalid input',
          req_id: 'r1',
          fields: { 'audience.team_id': 'Team not found' },
        },
      },
    });
    const user = await openPage();

    await chooseTeam(user);
    await write(user, 'Hello', 'Hi team');
    await user.click(screen.getByRole('button', { name: /Send/, hidden: true }));

    await waitFor(() => expect(fieldError('Team')).toBe('Team not found'));
    expect(screen.queryByText(/Send this message to/)).toBeNull();
    expect(fetch.callsTo('POST /api/admin/msg/send')).toHaveLength(0);
  });
});
