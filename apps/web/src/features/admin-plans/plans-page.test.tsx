import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { planFixture } from '../../lib/testing/admin-billing-fixtures';
import { errorBody } from '../../lib/testing/mock-fetch';

const PATH = '/admin/usm/plan';
const FREE = planFixture({
  id: 'plan-free',
  key: 'free',
  name: 'Free',
  price: 0,
  is_default: true,
  subscribers: 40,
  credits: 100,
});
const PRO = planFixture({ subscribers: 3, orders: 5 });
const CN = planFixture({
  id: 'plan-cn',
  key: 'cn_year',
  name: 'China yearly',
  price: 99_900,
  currency: 'CNY',
});
const UNUSED = planFixture({ id: 'plan-new', key: 'trial', name: 'Trial', price: 500 });

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/usm/plans': { body: { items: [FREE, PRO, CN, UNUSED] } },
    'GET /api/admin/usm/function/permissions': {
      body: {
        functions: [
          { key: 'chat', name: 'Chat', built_in: true },
          { key: 'analysis', name: 'Analysis', built_in: true },
        ],
        plans: [],
      },
    },
    ...extra,
  });
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name, {}, { timeout: 20_000 }); // the first visit compiles the lazy page
  const row = cell.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return within(row);
}

// antd's styles make jsdom's pointer-events check slow; what is clicked is on screen.
const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe(PATH, () => {
  it('shows each price as cents / 100 with its currency symbol, and the archive rule', async () => {
    signIn();
    server();
    renderApp(PATH);

    expect((await rowOf('Pro')).getByText('$19.90')).toBeTruthy();
    expect((await rowOf('China yearly')).getByText('¥999.00')).toBeTruthy();
    expect((await rowOf('Free')).getByText('$0.00')).toBeTruthy();
    expect((await rowOf('Pro')).getByText('10.00 GB')).toBeTruthy();
    expect(screen.getByText(/archived, never deleted/)).toBeTruthy();
  });

  it('a plan with subscribers is archived, never deleted: the confirm says so before the call', async () => {
    signIn();
    const fetch = server({ 'DELETE /api/admin/usm/plans/plan-pro': { body: { result: 'archived' } } });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Pro')).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Held by 3 teams and named by 5 orders, this plan is archived, never deleted/),
    ).toBeTruthy();
    expect(fetch.callsTo('DELETE /api/admin/usm/plans/plan-pro')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/admin/usm/plans/plan-pro')).toHaveLength(1));
    expect(await screen.findByText('Plan archived')).toBeTruthy();
  });

  it('a plan nobody held or ordered is deleted after a confirm', async () => {
    signIn();
    const fetch = server({ 'DELETE /api/admin/usm/plans/plan-new': { body: { result: 'deleted' } } });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Trial')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nobody ever held or ordered this plan, so it is deleted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/admin/usm/plans/plan-new')).toHaveLength(1));
    expect(await screen.findByText('Plan deleted')).toBeTruthy();
  });

  it('the default plan cannot be removed', async () => {
    signIn();
    server();
    renderApp(PATH);

    const remove = (await rowOf('Free')).getByRole('button', { name: 'Archive' });
    expect(remove.hasAttribute('disabled')).toBe(true);
  });

  it('creates a plan: the price typed in units is sent in cents, storage in bytes; a refusal lands on its field', async () => {
    signIn();
    let attempts = 0;
    const fetch = server({
      'POST /api/admin/usm/plans': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: errorBody('VALIDATION_ERROR', 'Invalid input', { fields: { key: 'This key is taken' } }),
            }
          : { body: { plan: planFixture({ id: 'plan-biz', key: 'business', name: 'Business' }) } };
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click(await screen.findByRole('button', { name: /New plan/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'Business');
    await user.type(dialog.getByLabelText('Key'), 'business');
    const price = dialog.getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '19.99');
    const credits = dialog.getByLabelText('Credits per period');
    await user.clear(credits);
    await user.type(credits, '20000');
    const storage = dialog.getByLabelText('Storage quota');
    await user.clear(storage);
    await user.type(storage, '50');
    await user.click(dialog.getByLabelText('Chat'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('This key is taken')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/usm/plans')[0]?.json()).toMatchObject({
      key: 'business',
      name: 'Business',
      price: 1999,
      currency: 'USD',
      validity: 1,
      validity_unit: 'month',
      credits: 20_000,
      storage_quota_bytes: 50 * 1024 ** 3,
      seats: 1,
      functions: ['chat'],
    });

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plan created')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/usm/plans')).toHaveLength(2);
  });

  it('a credit pack’s validity reads as its credits never expiring, in the list and in its form', async () => {
    signIn();
    const pack = planFixture({
      id: 'plan-pack',
      key: 'credits_1000',
      name: '1,000 credits',
      kind: 'credit_pack',
      validity: 1,
      validity_unit: 'year',
    });
    server({ 'GET /api/admin/usm/plans': { body: { items: [FREE, pack] } } });
    renderApp(PATH);
    const user = setup();

    const row = await rowOf('1,000 credits');
    expect(row.getByText('Credits never expire')).toBeTruthy();
    expect(row.queryByText('1 year')).toBeNull();
    await user.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Credits never expire: a credit pack’s validity is not used.')).toBeTruthy();
  });

  it('editing keeps the key and sends no functions (the matrix owns them)', async () => {
    signIn();
    const fetch = server({
      'PUT /api/admin/usm/plans/plan-pro': (request) => ({
        body: { plan: planFixture({ price: (request.json() as { price: number }).price }) },
      }),
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Pro')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Key').hasAttribute('disabled')).toBe(true);
    expect(dialog.getByText('Orders already made keep the price they were made with.')).toBeTruthy();
    const price = dialog.getByLabelText('Price');
    expect((price as HTMLInputElement).value).toBe('19.90');
    await user.clear(price);
    await user.type(price, '24.5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/usm/plans/plan-pro')).toHaveLength(1));
    const body = fetch.callsTo('PUT /api/admin/usm/plans/plan-pro')[0]?.json() as Record<string, unknown>;
    expect(body.price).toBe(2450);
    expect(body.storage_quota_bytes).toBe(10 * 1024 ** 3);
    expect(body).not.toHaveProperty('functions');
  });
});
