import type { Invoice } from '@app/contract/billing/invoices';
import { planTerm } from '@app/contract/billing/plans';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/contract/common';
import { seededText } from '@app/contract/i18n/seeded-texts';
import type { ListQuery } from '@app/contract/list';
import type { Config } from '../../config';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import type { BytesAnswer, SignedInContext } from '../../platform/endpoint';
import type { KeyedText } from '../../platform/keyed-text';
import { toListPage, toSeconds, toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { Translate } from '../../platform/say';
import { contentDisposition, ObjectMissing, signDownload, verifyDownload } from '../../platform/storage';
import { findRecipients } from '../messages/audience';
import { deliver, sendQueued, wantEmail } from '../messages/deliver';
import { paymentProviders } from '../payments/payments.service';
import { findMembership } from '../teams/teams.service';
import { type InvoiceSeller, renderInvoicePdf } from './invoice-pdf';
import {
  findInvoice,
  type InvoiceRecord,
  insertInvoice,
  invoicedOrderFacts,
  listInvoiceRows,
  liveInvoiceOf,
  lockInvoice,
  nextInvoiceNumber,
  updateInvoice,
} from './invoices.repo';
import { findTeamOrder } from './orders.repo';
import { addValidity } from './periods';

const INVOICE_NOT_FOUND = 'Invoice not found';
/** How long a download link works (as storage downloads). */
const LINK_SECONDS = 300;

export function toInvoice(row: InvoiceRecord): Invoice {
  const { invoice, order } = row;
  return {
    id: invoice.id,
    order_id: order.id,
    order_num: order.orderNum,
    plan_name: order.planName,
    amount: order.payAmount,
    currency: order.currency,
    status: invoice.status as Invoice['status'],
    title: invoice.title,
    tax_number: invoice.taxNumber,
    email: invoice.email,
    address: invoice.address,
    invoice_number: invoice.invoiceNumber,
    reject_reason: invoice.rejectReason,
    has_file: Boolean(invoice.fileKey),
    requested_by: invoice.requestedBy ? { id: invoice.requestedBy, username: row.requesterName ?? '' } : null,
    creation_time: toSeconds(invoice.createdAt),
    issued_time: toSecondsOrNull(invoice.issuedAt),
    rejected_time: toSecondsOrNull(invoice.rejectedAt),
  };
}

const toAdminInvoice = (row: InvoiceRecord) => ({
  ...toInvoice(row),
  team: { id: row.invoice.teamId, name: row.order.teamName },
});

/** A paid order (with something paid, not refunded) may have one invoice; a rejected one may be asked again. */
export async function requestInvoice(
  platform: Platform,
  ctx: SignedInContext,
  input: { order_id: string; title: string; tax_number: string; email: string; address: string },
) {
  const found = await findTeamOrder(platform.db, ctx.team.id, input.order_id);
  if (!found) throw validationError({ order_id: 'Order not found' });
  if (found.order.status !== 'paid' || found.order.payAmount === 0) {
    throw validationError({ order_id: 'Only a paid order can have an invoice' });
  }
  if (await liveInvoiceOf(platform.db, input.order_id)) {
    throw new AppError('CONFLICT', { msg: 'An invoice was already requested for this order' });
  }
  const id = await insertInvoice(platform.db, {
    teamId: ctx.team.id,
    orderId: input.order_id,
    // The PDF is written in the language the invoice is asked for in, whoever issues it.
    locale: ctx.locale,
    title: input.title,
    taxNumber: input.tax_number,
    email: input.email,
    address: input.address,
    requestedBy: ctx.user.id,
  });
  if (!id) throw new AppError('CONFLICT', { msg: 'An invoice was already requested for this order' });
  const made = await findInvoice(platform.db, id, ctx.team.id);
  if (!made) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  return { invoice: toInvoice(made) };
}

export async function listMyInvoices(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listInvoiceRows(platform.db, ctx.team.id, query), toInvoice);
}

export async function getMyInvoice(platform: Platform, ctx: SignedInContext, id: string) {
  const found = await findInvoice(platform.db, id, ctx.team.id);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  return { invoice: toInvoice(found) };
}

export async function listAdminInvoices(platform: Platform, query: ListQuery) {
  return toListPage(query, await listInvoiceRows(platform.db, null, query), toAdminInvoice);
}

export async function getAdminInvoice(platform: Platform, id: string) {
  const found = await findInvoice(platform.db, id, null);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  return { invoice: toAdminInvoice(found) };
}

// ---- Download links (a new window carries no bearer header) ----------------------------------

/** Invoice links are signed with their own key: a storage link can never open an invoice. */
const linkSecret = (platform: Platform) => `invoice:${platform.secret}`;
/** Admin links name the invoice with this prefix: the permission was checked when it was made. */
const ADMIN_GRANT = 'admin:';

function link(
  platform: Platform,
  { userId, grantId, disposition }: { userId: string; grantId: string; disposition: 'inline' | 'attachment' },
) {
  const expires = toSeconds(new Date()) + LINK_SECONDS;
  const token = signDownload(linkSecret(platform), { fileId: grantId, userId, disposition, expires });
  return { url: `/api/invoices/download?token=${encodeURIComponent(token)}`, expires_at: expires };
}

export async function createMyInvoiceLink(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  disposition: 'inline' | 'attachment',
) {
  const found = await findInvoice(platform.db, id, ctx.team.id);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  if (!found.invoice.fileKey) throw new AppError('CONFLICT', { msg: 'This invoice has not been issued yet' });
  return link(platform, { userId: ctx.user.id, grantId: found.invoice.id, disposition });
}

export async function createAdminInvoiceLink(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  disposition: 'inline' | 'attachment',
) {
  const found = await findInvoice(platform.db, id, null);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  if (!found.invoice.fileKey) throw new AppError('CONFLICT', { msg: 'This invoice has not been issued yet' });
  return link(platform, { userId: ctx.user.id, grantId: `${ADMIN_GRANT}${found.invoice.id}`, disposition });
}

/** The PDF behind a signed link, while it lasts and while a team link's user is still in the team. */
export async function downloadInvoice(platform: Platform, token: string): Promise<BytesAnswer> {
  const grant = verifyDownload(linkSecret(platform), token);
  if (!grant) throw new AppError('NOT_FOUND', { msg: 'This link is not valid or has expired' });
  const admin = grant.fileId.startsWith(ADMIN_GRANT);
  const id = admin ? grant.fileId.slice(ADMIN_GRANT.length) : grant.fileId;
  const found = await findInvoice(platform.db, id, null);
  const key = found?.invoice.fileKey;
  if (!found || !key) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  if (!admin && !(await findMembership(platform.db, found.invoice.teamId, grant.userId))) {
    throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  }
  try {
    const read = await platform.files.get(key);
    return {
      type: 'application/pdf',
      body: read.body,
      headers: {
        'content-disposition': contentDisposition(
          grant.disposition,
          `${found.invoice.invoiceNumber ?? 'invoice'}.pdf`,
        ),
        'content-length': String(read.size),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    };
  } catch (error) {
    if (error instanceof ObjectMissing) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
    throw error;
  }
}

// ---- Issue and reject ---------------------------------------------------------------------------

/**
 * The seller the configuration names (INVOICE_SELLER_*): the name defaults to MAIL_FROM's display
 * name; an address or tax ID not configured is left off rather than made up. `\n` in the address
 * is a line break (an environment variable holds one line).
 */
export function invoiceSeller(config: Config): InvoiceSeller {
  const mailName = config.MAIL_FROM.replace(/\s*<[^>]*>\s*$/, '').trim();
  return {
    name: config.INVOICE_SELLER_NAME || mailName || 'Marketing AI Workspace',
    address: (config.INVOICE_SELLER_ADDRESS ?? '').replace(/\\n/g, '\n'),
    taxId: config.INVOICE_SELLER_TAX_ID ?? '',
  };
}

const isLocale = (value: string | null): value is Locale =>
  value !== null && (LOCALES as readonly string[]).includes(value);

/**
 * Everything the invoice says in words, in the language the requester asked for it in (else the
 * language they chose, else the product's default): what was bought, the service it paid for
 * (`planTerm`: a period's dates, or a credit pack's credits that never expire), and the
 * provider that took the payment, by its name.
 */
async function invoiceWording(
  platform: Platform,
  tx: Tx,
  found: Pick<InvoiceRecord, 'order' | 'requesterLocale'> & { invoice: { locale: string | null } },
) {
  const locale = [found.invoice.locale, found.requesterLocale].find(isLocale) ?? DEFAULT_LOCALE;
  const t: Translate = (msgid, count) => platform.translator.translate(locale, msgid, count);
  const { order } = found;
  const facts = await invoicedOrderFacts(tx, order.id);
  const term = planTerm({
    kind: order.planKind,
    validity: order.validity,
    validity_unit: order.validityUnit,
  });
  const start = facts.period?.start ?? order.startsAt ?? order.paidAt ?? order.createdAt;
  const end = facts.period?.end ?? addValidity(start, order.validity, order.validityUnit);
  const provider = facts.method ? paymentProviders(platform).get(facts.method) : undefined;
  return {
    t,
    languageTag: locale.replace('_', '-'),
    item: seededText(order.planName, t),
    servicePeriod:
      term.kind === 'kept_until_used' ? t('Credits never expire') : `${isoDay(start)} – ${isoDay(end)}`,
    method: provider ? t(provider.name) : facts.method,
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Tells the requester in their inbox (and by e-mail where their settings want it): the message is
 * kept as msgids and parameters, so it reads in their language of the day.
 */
async function tellRequester(
  platform: Platform,
  tx: Tx,
  userId: string | null,
  message: {
    level: 'other' | 'warning';
    title: KeyedText;
    body: KeyedText;
    link: string;
  },
): Promise<string[]> {
  if (!userId) return [];
  const [person] = await findRecipients(tx, [userId]);
  if (!person) return [];
  return deliver(
    platform,
    tx,
    { ...message, template: 'billing.invoice' },
    { inApp: [person], email: await wantEmail(tx, [person], message.level) },
  );
}

/**
 * Issues an invoice: numbers it, makes its PDF, keeps it in the object store, marks it issued
 * and tells the requester, with the operation record in the same transaction. If anything fails
 * the stored PDF is removed again.
 */
export async function issueInvoice(platform: Platform, ctx: SignedInContext, id: string, note: string) {
  const found = await findInvoice(platform.db, id, null);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  let storedKey: string | null = null;
  let mails: string[] = [];
  try {
    mails = await audited(
      platform.db,
      ctx,
      { action: 'invoice.issue', targetType: 'invoice', targetId: id },
      async (tx) => {
        const invoice = await lockInvoice(tx, id);
        if (invoice?.status !== 'requested') {
          throw new AppError('CONFLICT', { msg: 'Only a requested invoice can be issued or rejected' });
        }
        const now = new Date();
        const number = await nextInvoiceNumber(tx, now);
        const pdf = await renderInvoicePdf({
          ...(await invoiceWording(platform, tx, { ...found, invoice })),
          invoiceNumber: number,
          issuedAt: now,
          seller: invoiceSeller(platform.config),
          title: invoice.title,
          taxNumber: invoice.taxNumber,
          email: invoice.email,
          address: invoice.address,
          orderNum: found.order.orderNum,
          paidAt: found.order.paidAt,
          amount: found.order.payAmount,
          currency: found.order.currency,
          note,
        });
        const stored = await platform.files.put(pdf, { ext: 'pdf', contentType: 'application/pdf' });
        storedKey = stored.key;
        await updateInvoice(tx, id, {
          status: 'issued',
          invoiceNumber: number,
          fileKey: stored.key,
          fileSize: stored.size,
          note,
          decidedBy: ctx.user.id,
          issuedAt: now,
        });
        const queued = await tellRequester(platform, tx, invoice.requestedBy, {
          level: 'other',
          title: { msgid: 'Your invoice is ready' },
          body: {
            msgid: 'The invoice for this order has been issued: {{order}} ({{number}})',
            params: { order: found.order.orderNum, number },
          },
          link: `/account/invoice/details?id=${id}`,
        });
        return { result: queued, before: { status: 'requested' }, after: { status: 'issued', number } };
      },
    );
  } catch (error) {
    if (storedKey) await platform.files.remove(storedKey).catch(() => undefined);
    throw error;
  }
  await sendQueued(platform, mails);
  return getAdminInvoice(platform, id);
}

export async function rejectInvoice(platform: Platform, ctx: SignedInContext, id: string, reason: string) {
  const found = await findInvoice(platform.db, id, null);
  if (!found) throw new AppError('NOT_FOUND', { msg: INVOICE_NOT_FOUND });
  const mails = await audited(
    platform.db,
    ctx,
    { action: 'invoice.reject', targetType: 'invoice', targetId: id },
    async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (invoice?.status !== 'requested') {
        throw new AppError('CONFLICT', { msg: 'Only a requested invoice can be issued or rejected' });
      }
      await updateInvoice(tx, id, {
        status: 'rejected',
        rejectReason: reason,
        decidedBy: ctx.user.id,
        rejectedAt: new Date(),
      });
      const queued = await tellRequester(platform, tx, invoice.requestedBy, {
        level: 'warning',
        title: { msgid: 'Your invoice request was rejected' },
        body: {
          msgid: 'The invoice request for this order was rejected: {{order}}. {{reason}}',
          params: { order: found.order.orderNum, reason },
        },
        link: `/account/invoice/details?id=${id}`,
      });
      return { result: queued, before: { status: 'requested' }, after: { status: 'rejected', reason } };
    },
  );
  await sendQueued(platform, mails);
  return getAdminInvoice(platform, id);
}
