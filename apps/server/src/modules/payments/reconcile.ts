import { centsText } from '@app/contract/billing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';
import { tellAdmins } from '../messages/tell-admins';
import type { NotificationOutcome } from './notification-handler';
import { openTrades, type PaymentRow } from './payments.repo';
import { paymentProviders, settleNotification } from './payments.service';
import type { PaymentProvider, ProviderNotification, TradeState } from './provider';

/** A trade this old with no word from its provider is asked about (notices come within seconds). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Trades asked about per run: a minute's run stays short; the rest wait for the next minute. */
const TRADES_PER_RUN = 100;

/** Outcomes an operator must look at: the provider holds a payment that does not match its bill. */
const MISMATCHES: ReadonlySet<NotificationOutcome> = new Set(['refused_amount', 'refused_currency']);

export interface ReconcileReport {
  asked: number;
  paid: number;
  closed: number;
  failed: number;
}

/**
 * Reconciliation's trade half (each minute): every trade left open over two minutes (a notice
 * dropped, a notify URL unreachable) is asked of its provider and settled through the same handler
 * as a notice. A trade whose bill has expired, or was paid or canceled another way, is closed first
 * (so it can no longer be paid), and a payment the provider reports then is honoured on an expired
 * bill (the payer paid in time; its notice was lost) or given back on any other. A payment that
 * does not match its bill goes to the operators' inbox.
 */
export async function reconcileTrades(
  platform: Platform,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { asked: 0, paid: 0, closed: 0, failed: 0 };
  const rows = await openTrades(platform.db, new Date(now.getTime() - RECONCILE_AFTER_MS), TRADES_PER_RUN);
  const providers = paymentProviders(platform);
  for (const row of rows) {
    const provider = providers.get(row.payment.provider);
    if (!provider?.query) continue;
    const over = row.billStatus !== 'unpaid' || row.billExpiresAt <= now;
    try {
      report.asked += 1;
      const state =
        over && provider.close
          ? await provider.close(row.payment.providerRef)
          : await provider.query(row.payment.providerRef);
      const outcome = await settleState(platform, provider, row.payment, state, over, log);
      if (outcome === 'applied' && state.state === 'paid') report.paid += 1;
      else if (outcome === 'recorded') report.closed += 1;
      if (outcome && MISMATCHES.has(outcome)) await tellMismatch(platform, row, state, outcome);
    } catch (error) {
      report.failed += 1;
      log?.warn(
        { provider: provider.method, payment: row.payment.id, err: error },
        'could not reconcile a trade',
      );
    }
  }
  return report;
}

/** What the provider holds, as the notice it would have sent; null when there is nothing to apply yet. */
async function settleState(
  platform: Platform,
  provider: PaymentProvider,
  payment: PaymentRow,
  state: TradeState,
  over: boolean,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<NotificationOutcome | null> {
  const base = { providerRef: payment.providerRef, payload: { source: 'reconciliation', state } };
  if (state.state === 'paid') {
    const notification: ProviderNotification = {
      ...base,
      eventId: `reconcile:${payment.id}`,
      action: 'captured',
      amount: state.amount,
      currency: state.currency,
    };
    return settleNotification(platform, provider, notification, log, { honourLate: over });
  }
  // Closed at the provider, or never opened there and past paying: the trade is over.
  if (state.state === 'closed' || (state.state === 'missing' && over)) {
    return settleNotification(
      platform,
      provider,
      { ...base, eventId: `reconcile-close:${payment.id}`, action: 'canceled', amount: null, currency: null },
      log,
    );
  }
  return null;
}

async function tellMismatch(
  platform: Platform,
  { payment, billAmount, billCurrency }: { payment: PaymentRow; billAmount: number; billCurrency: string },
  state: TradeState,
  outcome: NotificationOutcome,
): Promise<void> {
  await tellAdmins(platform, {
    permission: 'admin.orders.refund',
    level: 'important',
    title: { msgid: 'A payment does not match its bill' },
    body: {
      msgid:
        '{{provider}} holds a payment of {{paid}} for a bill of {{billed}} ({{outcome}}). It was not applied: check it and refund it at the provider.',
      params: {
        provider: payment.provider,
        paid: state.amount === null ? '-' : centsText(state.amount, (state.currency ?? '').toUpperCase()),
        billed: centsText(billAmount, billCurrency),
        outcome,
      },
    },
    link: `/admin/order/details?${new URLSearchParams({ id: payment.orderId })}`,
    template: 'payments.mismatch',
  });
}
