import type { EmailLog } from '@app/contract/messages/email-logs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

function emailLog(overrides: Partial<EmailLog>): EmailLog {
  return {
    id: 'e-1',
    to: 'bob@example.com',
    user_id: 'u-2',
    template: 'message.send',
    locale: 'en_US',
    subject: 'Spring release',
    text: 'New charts are live.\n',
    status: 'failed',
    error: 'connect ECONNREFUSED 127.0.0.1:25',
    attempts: 5,
    resendable: true,
    creation_time: 1_700_000_000,
    sent_time: null,
    ...overrides,
  };
}

const FAILED = emailLog({});
const INVITE = emailLog({
  id: 'e-2',
  to: 'carol@example.com',
  template: 'team.invite',
  subject: 'Join Acme',
  text: null,
  status: 'sent',
  error: null,
  attempts: 1,
  resendable: false,
  sent_time: 1_700_000_100,
});

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/msg/email-logs': { body: { items: [FAILED, INVITE], total: 2, page: 1, page_size: 10 } },
    ...extra,
  });
}

async function openLog(to: string) {
  renderApp('/admin/msg/email-logs');
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(await screen.findByText(to));
  const drawer = within(await screen.findByRole('dialog', { hidden: true }));
  return { user, drawer };
}

async function confirmResend(user: ReturnType<typeof userEvent.setup>, drawer: ReturnType<typeof within>) {
  await user.click(drawer.getByRole('button', { name: /Resend/, hidden: true }));
  await user.click(
    within(await screen.findByRole('tooltip', { hidden: true })).getByRole('button', {
      name: 'Resend',
      hidden: true,
    }),
  );
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/msg/email-logs', () => {
  it('resends a failed e-mail by its id after confirming, and shows its new status', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/msg/email-logs/e-1/resend': {
        body: { ...FAILED, status: 'sent', error: null, attempts: 6, sent_time: 1_700_000_500 },
      },
    });
    const { user, drawer } = await openLog('bob@example.com');
    expect(drawer.getByText('New charts are live.', { exact: false })).toBeTruthy();
    expect(drawer.getByText('Failed')).toBeTruthy();

    await confirmResend(user, drawer);

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/msg/email-logs/e-1/resend')).toHaveLength(1));
    expect(await drawer.findByText('Sent')).toBeTruthy();
    expect(drawer.queryByText('Failed')).toBeNull();
    expect(await screen.findByText('The e-mail was sent')).toBeTruthy();
  });

  it('shows the server refusal of a resend in its words', async () => {
    signIn();
    server({
      'POST /api/admin/msg/email-logs/e-1/resend': {
        status: 409,
        body: { error_code: 'CONFLICT', msg: 'This e-mail cannot be sent again', req_id: 'r1' },
      },
    });
    const { user, drawer } = await openLog('bob@example.com');

    await confirmResend(user, drawer);

    expect(await screen.findByText('This e-mail cannot be sent again')).toBeTruthy();
    expect(drawer.getByText('Failed')).toBeTruthy();
  });

  it('offers no resend for a mail that held a one-time link, and says why its text is missing', async () => {
    signIn();
    const fetch = server();
    const { drawer } = await openLog('carol@example.com');

    expect(drawer.getByText('Not kept: this mail held a one-time code or link')).toBeTruthy();
    expect(drawer.queryByRole('button', { name: /Resend/, hidden: true })).toBeNull();
    expect(fetch.requests.filter((request) => request.url.includes('/resend'))).toHaveLength(0);
  });

  it('puts the status check-list and the search from the URL into the API query', async () => {
    signIn();
    const fetch = server();
    const filters = { status: { type: 'check_list', value: 'failed;queued' } };
    renderApp(`/admin/msg/email-logs?${new URLSearchParams({ q: 'bob', f: JSON.stringify(filters) })}`);

    await waitFor(() => expect(fetch.callsTo('GET /api/admin/msg/email-logs').length).toBeGreaterThan(0));
    const query = new URL(fetch.callsTo('GET /api/admin/msg/email-logs')[0]?.url ?? '', 'http://localhost')
      .searchParams;
    expect(query.get('q')).toBe('bob');
    expect(query.get('sort')).toBe('-creation_time');
    expect(JSON.parse(query.get('filters') ?? '[]')).toEqual([
      { connect_pre_filter: 'and', field: 'status', operator: 'in', value: 'failed;queued' },
    ]);
  });
});
