import { z } from 'zod';
import { zEmail, zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zBillingId, zCents, zIdParams, zReason } from './money';

const tags = ['billing: invoices'];

export const zInvoiceStatus = z.enum(['requested', 'issued', 'rejected']);
export type InvoiceStatus = z.infer<typeof zInvoiceStatus>;

/** ARCHITECTURE section 6, "Invoices". */
export const zInvoice = z.object({
  id: z.string(),
  order_id: z.string(),
  order_num: z.string(),
  plan_name: z.string(),
  amount: zCents,
  currency: z.string(),
  status: zInvoiceStatus,
  title: z.string(),
  tax_number: z.string(),
  email: z.string(),
  address: z.string(),
  /** Given when issued (e.g. `INV-2026-000123`). */
  invoice_number: z.string().nullable(),
  reject_reason: z.string().nullable(),
  has_file: z.boolean(),
  requested_by: z.object({ id: z.string(), username: z.string() }).nullable(),
  creation_time: zSeconds,
  issued_time: zSeconds.nullable(),
  rejected_time: zSeconds.nullable(),
});
export type Invoice = z.infer<typeof zInvoice>;

const text = (max: number, message: string) =>
  z.string().trim().min(1, { message }).max(max, { message: 'Input exceeds maximum length' });

export const zInvoiceRequest = z.object({
  order_id: zBillingId,
  title: text(200, 'Enter the invoice title'),
  tax_number: z
    .string()
    .trim()
    .max(50, { message: 'Input exceeds maximum length' })
    .regex(/^[A-Za-z0-9-]*$/, { message: 'Letters, digits and - only' })
    .default(''),
  email: zEmail,
  address: z.string().trim().max(500, { message: 'Input exceeds maximum length' }).default(''),
});

/** A paid order may have one invoice; a rejected request may be made again. */
export const requestInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/account/invoices',
  permission: 'signed_in',
  summary: 'Request an invoice for a paid order',
  tags,
  body: zInvoiceRequest,
  response: z.object({ invoice: zInvoice }),
});

export const invoiceListFields = defineListFields({
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  order_num: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  title: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  amount: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `/account/wallets/invoices` */
export const listMyInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/account/invoices',
  permission: 'signed_in',
  summary: "The team's invoices",
  tags,
  query: zListQueryOf(invoiceListFields),
  response: zListResponse(zInvoice),
});

/** `/account/invoice/details?id=`; another team's invoice is NOT_FOUND. */
export const getMyInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/account/invoices/{id}',
  permission: 'signed_in',
  summary: 'One invoice',
  tags,
  params: zIdParams,
  response: z.object({ invoice: zInvoice }),
});

export const zInvoiceLink = z.object({ url: z.string(), expires_at: zSeconds });

/** A short-lived signed link to the issued PDF (a new window carries no bearer header). */
export const createInvoiceLink = defineEndpoint({
  method: 'POST',
  path: '/api/account/invoices/{id}/link',
  permission: 'signed_in',
  summary: 'A signed download link for an issued invoice',
  tags,
  params: zIdParams,
  body: z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') }),
  response: zInvoiceLink,
});

/** The PDF behind a signed link, while it lasts. */
export const downloadInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/invoices/download',
  permission: 'public',
  summary: 'Download an invoice PDF through a signed link',
  tags,
  query: z.object({ token: z.string().min(1).max(2000) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: ['application/pdf'] },
});

// ---- Admin: `/admin/invoice`, `/admin/invoice/details` -----------------------------------------

export const adminInvoiceListFields = defineListFields({
  ...invoiceListFields,
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
});

export const zAdminInvoice = zInvoice.extend({ team: z.object({ id: z.string(), name: z.string() }) });

/** `q` searches order numbers, titles, tax numbers, e-mails and team names. */
export const listAdminInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/invoices',
  permission: 'admin.invoices.read',
  summary: 'Invoice requests of every team',
  tags: ['admin: billing'],
  query: zListQueryOf(adminInvoiceListFields),
  response: zListResponse(zAdminInvoice),
});

export const getAdminInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/admin/invoices/{id}',
  permission: 'admin.invoices.read',
  summary: 'One invoice request',
  tags: ['admin: billing'],
  params: zIdParams,
  response: z.object({ invoice: zAdminInvoice }),
});

/** Generates the PDF (kept in the object store), numbers it and tells the requester in the inbox. */
export const issueInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/admin/invoices/{id}/issue',
  permission: 'admin.invoices.issue',
  summary: 'Issue an invoice: generate its PDF and notify the requester (recorded)',
  tags: ['admin: billing'],
  params: zIdParams,
  body: z.object({
    note: z.string().trim().max(500, { message: 'Input exceeds maximum length' }).default(''),
  }),
  response: z.object({ invoice: zAdminInvoice }),
});

export const rejectInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/admin/invoices/{id}/reject',
  permission: 'admin.invoices.issue',
  summary: 'Reject an invoice request with a reason and notify the requester (recorded)',
  tags: ['admin: billing'],
  params: zIdParams,
  body: z.object({ reason: zReason }),
  response: z.object({ invoice: zAdminInvoice }),
});

export const createAdminInvoiceLink = defineEndpoint({
  method: 'POST',
  path: '/api/admin/invoices/{id}/link',
  permission: 'admin.invoices.read',
  summary: 'A signed download link for an issued invoice',
  tags: ['admin: billing'],
  params: zIdParams,
  body: z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') }),
  response: zInvoiceLink,
  readOnly: true,
});
