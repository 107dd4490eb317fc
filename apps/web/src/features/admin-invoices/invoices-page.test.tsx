import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { invoiceFixture, page, T0 } from '../../lib/testing/admin-billing-fixtures';

const REQUESTED = invoiceFixture();
const ISSUED = invoiceFixture({
  status: 'issued',
  invoice_number: 'INV-2026-000001',
  has_file: true,
  issued_time: T0 + 600,
});

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/invoices': { body: page([REQUESTED]) },
    'GET /api/admin/invoices/inv-1': { body: { invoice: REQUESTED } },
    ...extra,
  });
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('/admin/invoice', () => {
  it('lists requests with the amount as money and opens one', async () => {
    signIn();
    server();
    const app = renderApp('/admin/invoice');
    const user = setup();

    const row = within((await screen.findByText('Growth Ltd')).closest('tr') as HTMLElement);
    expect(row.getByText('$19.90')).toBeTruthy();
    expect(row.getByText('Requested')).toBeTruthy();
    await user.click(row.getByText('Growth Ltd'));
    await waitFor(() => expect(app.location()).toBe('/admin/invoice/details?id=inv-1'));
  });
});

describe('/admin/invoice/details', () => {
  it('issuing generates the PDF, and then it downloads through a signed link in a new window', async () => {
    signIn();
    const popup = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let current = REQUESTED;
    const fetch = server({
      'GET /api/admin/invoices/inv-1': () => ({ body: { invoice: current } }),
      'POST /api/admin/invoices/inv-1/issue': () => {
        current = ISSUED;
        return { body: { invoice: ISSUED } };
      },
      'POST /api/admin/invoices/inv-1/link': {
        body: { url: '/api/invoices/download?token=signed', expires_at: T0 + 900 },
      },
    });
    renderApp('/admin/invoice/details?id=inv-1');
    const user = setup();

    expect(screen.queryByRole('button', { name: /Download PDF/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Issue/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/A PDF for \$19\.90 made out to Growth Ltd is generated/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Issue' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/invoices/inv-1/issue')).toHaveLength(1));
    expect(await screen.findByText('INV-2026-000001')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));

    await waitFor(() => expect(popup.location.href).toBe('/api/invoices/download?token=signed'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(popup.opener).toBeNull();
    expect(fetch.callsTo('POST /api/admin/invoices/inv-1/link')[0]?.json()).toEqual({
      disposition: 'attachment',
    });
  });

  it('rejecting needs a reason, which is sent and then shown', async () => {
    signIn();
    let current = REQUESTED;
    const fetch = server({
      'GET /api/admin/invoices/inv-1': () => ({ body: { invoice: current } }),
      'POST /api/admin/invoices/inv-1/reject': (request) => {
        current = invoiceFixture({
          status: 'rejected',
          reject_reason: (request.json() as { reason: string }).reason,
          rejected_time: T0 + 600,
        });
        return { body: { invoice: current } };
      },
    });
    renderApp('/admin/invoice/details?id=inv-1');
    const user = setup();

    await user.click(await screen.findByRole('button', { name: /Reject/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/invoices/inv-1/reject')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Tax number does not match the company');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/invoices/inv-1/reject')).toHaveLength(1));
    await waitFor(() =>
      expect(
        screen
          .getAllByText('Tax number does not match the company')
          .some((element) => element.closest('.ant-descriptions') !== null),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: /Issue/ })).toBeNull();
  });
});
