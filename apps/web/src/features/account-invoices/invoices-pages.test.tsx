import type { Invoice } from '@app/contract/billing/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { orderFixture, orderRowFixture, T0 } from '../../lib/testing/billing-fixtures';

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    order_id: 'order-1',
    order_num: 'ORD-20260101-0001',
    plan_name: 'Pro',
    amount: 1999,
    currency: 'USD',
    status: 'requested',
    title: 'Acme Ltd',
    tax_number: 'FR-123',
    email: 'billing@acme.example',
    address: '1 Main Street',
    invoice_number: null,
    reject_reason: null,
    has_file: false,
    requested_by: { id: 'user-1', username: 'Ada' },
    creation_time: T0,
    issued_time: null,
    rejected_time: null,
    ...overrides,
  };
}

/**
 * The request form's dialog. Found by its title: under jsdom antd gives every dialog title the id
 * `test-id`, so the list's filter drawer and this dialog share one, and the accessible name is lost.
 */
async function requestDialog() {
  const title = await screen.findByText('Request an invoice', { selector: '.ant-modal-title' });
  return within(title.closest('[role="dialog"]') as HTMLElement);
}

/** Pastes rather than types: each typed key re-renders the antd form, slow on a loaded machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const PAID_ORDER = orderRowFixture(orderFixture({ status: 'paid', paid_time: T0 }));

describe('/account/wallets/invoices', () => {
  it('requests an invoice for a paid order (title, tax number, e-mail, address) and lists it with its status', async () => {
    signIn();
    let requested = false;
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/invoices': () => ({
        body: requested
          ? { items: [invoice()], total: 1, page: 1, page_size: 10 }
          : { items: [], total: 0, page: 1, page_size: 10 },
      }),
      'GET /api/account/orders': { body: { items: [PAID_ORDER], total: 1, page: 1, page_size: 100 } },
      'POST /api/account/invoices': () => {
        requested = true;
        return { body: { invoice: invoice() } };
      },
    });
    // From an order's details page: the order is chosen already.
    renderApp('/account/wallets/invoices?order_id=order-1');
    const user = userEvent.setup();
    const dialog = await requestDialog();
    expect(await dialog.findByText(/ORD-20260101-0001 · Pro · \$19\.99/)).toBeTruthy();
    await fill(user, dialog.getByLabelText('Invoice title'), 'Acme Ltd');
    await fill(user, dialog.getByLabelText('Tax number'), 'FR-123');
    await fill(user, dialog.getByLabelText('E-mail'), 'billing@acme.example');
    await fill(user, dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Request the invoice' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/invoices')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/invoices')[0]?.json()).toEqual({
      order_id: 'order-1',
      title: 'Acme Ltd',
      tax_number: 'FR-123',
      email: 'billing@acme.example',
      address: '1 Main Street',
    });
    // Only paid orders are offered.
    expect(decodeURIComponent(fetch.callsTo('GET /api/account/orders')[0]?.url ?? '')).toContain(
      '"field":"status","operator":"eq","value":"paid"',
    );
    expect(await screen.findByText('Acme Ltd')).toBeTruthy();
    expect(screen.getByText('Requested', { selector: '.ant-tag' })).toBeTruthy();
  });

  it("shows the server's field message under its field (useServerErrors)", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/invoices': { body: { items: [], total: 0, page: 1, page_size: 10 } },
      'GET /api/account/orders': { body: { items: [PAID_ORDER], total: 1, page: 1, page_size: 100 } },
      'POST /api/account/invoices': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Check the fields',
          req_id: 'r',
          fields: { title: 'Input exceeds maximum length' },
        },
      },
    });
    renderApp('/account/wallets/invoices?order_id=order-1');
    const user = userEvent.setup();
    const dialog = await requestDialog();
    await dialog.findByText(/ORD-20260101-0001/);
    await fill(user, dialog.getByLabelText('Invoice title'), 'Acme');
    await fill(user, dialog.getByLabelText('E-mail'), 'a@b.example');
    await user.click(dialog.getByRole('button', { name: 'Request the invoice' }));
    expect(await dialog.findByText('Input exceeds maximum length')).toBeTruthy();
  });
});

describe('/account/invoice/details', () => {
  it('an issued invoice downloads its PDF through a signed link, in a new window', async () => {
    signIn();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/invoices/inv-1': {
        body: {
          invoice: invoice({
            status: 'issued',
            invoice_number: 'INV-2026-000001',
            has_file: true,
            issued_time: T0 + 60,
          }),
        },
      },
      'POST /api/account/invoices/inv-1/link': {
        body: { url: '/api/invoices/download?token=signed', expires_at: T0 + 300 },
      },
    });
    renderApp('/account/invoice/details?id=inv-1');
    const user = userEvent.setup();
    expect(await screen.findByText('INV-2026-000001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/api/invoices/download?token=signed',
        '_blank',
        'noopener,noreferrer',
      ),
    );
  });

  it('a rejected request shows the reason and offers to request again; nothing to download', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/invoices/inv-1': {
        body: {
          invoice: invoice({
            status: 'rejected',
            reject_reason: 'Tax number unknown',
            rejected_time: T0 + 60,
          }),
        },
      },
    });
    renderApp('/account/invoice/details?id=inv-1');
    expect(await screen.findByText('Tax number unknown')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request again' }).getAttribute('href')).toBe(
      '/account/wallets/invoices?order_id=order-1',
    );
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });
});
