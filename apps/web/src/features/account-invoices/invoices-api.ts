import {
  createInvoiceLink,
  getMyInvoice,
  listMyInvoices,
  requestInvoice,
} from '@app/contract/billing/invoices';
import { listOrders } from '@app/contract/billing/orders';
import type { EndpointBody, EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const invoicesKey = ['billing', 'invoices'] as const;

export type InvoiceRow = EndpointResponse<typeof listMyInvoices>['items'][number];
export type InvoiceRequest = EndpointBody<typeof requestInvoice>;

export function fetchInvoices(
  query: EndpointQuery<typeof listMyInvoices>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listMyInvoices, { query, signal });
}

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: [...invoicesKey, 'details', id],
    queryFn: ({ signal }) => callApi(getMyInvoice, { params: { id }, signal, silent: true }),
    retry: false,
  });
}

/**
 * Paid orders that may still get an invoice (none requested, or the request was rejected): the
 * choices of the request form. A team rarely has more than a page of them; the newest come first.
 */
export const invoiceableOrdersQuery = queryOptions({
  queryKey: [...invoicesKey, 'invoiceable-orders'],
  queryFn: async ({ signal }) => {
    const page = await callApi(listOrders, {
      query: {
        filters: JSON.stringify([{ field: 'status', operator: 'eq', value: 'paid' }]),
        sort: '-creation_time',
        page_size: 100,
      },
      signal,
    });
    return page.items.filter((order) => order.invoice_status === null || order.invoice_status === 'rejected');
  },
});

/** Silent: the form shows refusals under its fields (`useServerErrors`). */
export function sendInvoiceRequest(body: InvoiceRequest) {
  return callApi(requestInvoice, { body, silent: true });
}

export function invoiceLink(id: string) {
  return callApi(createInvoiceLink, { params: { id }, body: { disposition: 'attachment' } });
}
