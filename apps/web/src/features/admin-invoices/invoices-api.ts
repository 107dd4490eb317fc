import {
  createAdminInvoiceLink,
  getAdminInvoice,
  issueInvoice,
  listAdminInvoices,
  rejectInvoice,
} from '@app/contract/billing/invoices';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, openDownload } from '../../lib/api/client';

export const adminInvoicesKey = ['admin', 'billing', 'invoices'] as const;

export type AdminInvoice = EndpointResponse<typeof listAdminInvoices>['items'][number];

export function fetchInvoices(
  query: EndpointQuery<typeof listAdminInvoices>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminInvoices, { query, signal });
}

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: [...adminInvoicesKey, 'details', id],
    queryFn: ({ signal }) => callApi(getAdminInvoice, { params: { id }, signal }),
  });
}

/**
 * Issue generates the PDF and numbers the invoice; reject needs a reason. Both are silent: their
 * dialogs show the refusal. Either answers the invoice as it now is, written straight into the cache.
 */
export function useInvoiceActions(id: string) {
  const queryClient = useQueryClient();
  const settle = ({ invoice }: { invoice: AdminInvoice }) => {
    queryClient.setQueryData(invoiceQuery(id).queryKey, { invoice });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'billing'] });
  };
  const issue = useMutation({
    mutationFn: (note: string) => callApi(issueInvoice, { params: { id }, body: { note }, silent: true }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      callApi(rejectInvoice, { params: { id }, body: { reason }, silent: true }),
    onSuccess: settle,
  });
  return { issue, reject };
}

/** Opens the issued PDF in a new window through a short-lived signed link (no bearer header there). */
export async function downloadInvoicePdf(id: string) {
  // Opened first, synchronously with the click, so the popup is not blocked; pointed at the link after.
  const opened = window.open('about:blank', '_blank');
  if (opened) opened.opener = null;
  try {
    const { url } = await callApi(createAdminInvoiceLink, {
      params: { id },
      body: { disposition: 'attachment' },
    });
    if (opened) opened.location.href = url;
    else openDownload(url);
  } catch (error) {
    opened?.close();
    throw error;
  }
}
