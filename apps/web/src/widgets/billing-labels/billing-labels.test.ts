import { zCreditEntryKind } from '@app/contract/billing/credits';
import { zInvoiceStatus } from '@app/contract/billing/invoices';
import { VALIDITY_UNITS } from '@app/contract/billing/money';
import { zBillStatus, zOrderKind, zOrderStatus, zPaymentStatus } from '@app/contract/billing/orders';
import { PAYMENT_METHODS } from '@app/contract/billing/payments';
import { zPlanKind } from '@app/contract/billing/plans';
import { zSubscriptionEventKind, zSubscriptionStatus } from '@app/contract/billing/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  billStatusLabel,
  creditEntryKindLabel,
  invoiceStatusLabel,
  orderKindLabel,
  orderStatusLabel,
  orderTermLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  perPeriodLabel,
  planChoiceLabel,
  planKindLabel,
  planTermLabel,
  subscriptionEventLabel,
  subscriptionStatusLabel,
  validityLabel,
  validityUnitLabel,
} from './billing-labels';

const seedFiles = import.meta.glob<Record<string, string>>(
  '../../../../server/src/modules/i18n/seed/web*.json',
  {
    import: 'default',
    eager: true,
  },
);

function seedFor(loc: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [file, table] of Object.entries(seedFiles)) {
    if (file.endsWith(`.${loc}.json`)) Object.assign(merged, table);
  }
  return merged;
}

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/**
 * A `t` over one language's seeds that fails loudly on a msgid the seeds lack. A `count` picks the
 * plural form as i18next does: `<msgid>_one` where the language says singular (English's from the
 * call's `defaultValue_one`), else the msgid's.
 */
function translatorFor(loc: string): Translate {
  const seed = seedFor(loc);
  const rules = new Intl.PluralRules(loc.replace('_', '-'));
  return (msgid, options) => {
    const count = options?.count;
    const singular = typeof count === 'number' && rules.select(count) === 'one';
    const one = loc === 'en_US' ? options?.defaultValue_one : seed[`${msgid}_one`];
    const text = singular && typeof one === 'string' ? one : loc === 'en_US' ? msgid : seed[msgid];
    if (!text) throw new Error(`${loc} lacks "${msgid}"`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
  };
}

/** Every enum of the billing contract with its labeller: one place, every value. */
const ENUMS: [string, readonly string[], (value: string, t: Translate) => string][] = [
  ['validity unit', VALIDITY_UNITS, validityUnitLabel],
  ['order status', zOrderStatus.options, orderStatusLabel],
  ['bill status', zBillStatus.options, billStatusLabel],
  ['order kind', zOrderKind.options, orderKindLabel],
  ['plan kind', zPlanKind.options, planKindLabel],
  ['subscription status', zSubscriptionStatus.options, subscriptionStatusLabel],
  ['subscription event', zSubscriptionEventKind.options, subscriptionEventLabel],
  ['invoice status', zInvoiceStatus.options, invoiceStatusLabel],
  ['payment status', zPaymentStatus.options, paymentStatusLabel],
  ['payment method', PAYMENT_METHODS, paymentMethodLabel],
  ['credit entry kind', zCreditEntryKind.options, creditEntryKindLabel],
];

describe('billing enum labels (one place, four languages)', () => {
  it.each(['en_US', 'zh_CN', 'zh_HK', 'fr_FR'])(
    '%s: every value of every billing enum has its own label',
    (loc) => {
      const t = translatorFor(loc);
      for (const [name, values, label] of ENUMS) {
        const labels = values.map((value) => label(value, t));
        // A value left to the default branch would come back as the raw wire value.
        for (const [index, text] of labels.entries()) {
          expect(text, `${loc} ${name} ${values[index]}`).not.toBe(values[index]);
          expect(text.length, `${loc} ${name} ${values[index]}`).toBeGreaterThan(0);
        }
        expect(new Set(labels).size, `${loc} ${name}: two values share a label`).toBe(values.length);
      }
    },
  );

  it.each(['en_US', 'zh_CN', 'zh_HK', 'fr_FR'])('%s: validity with its unit, one and many', (loc) => {
    const t = translatorFor(loc);
    for (const unit of VALIDITY_UNITS) {
      expect(validityLabel(1, unit, t)).toMatch(/1/);
      expect(validityLabel(3, unit, t)).toMatch(/3/);
      expect(perPeriodLabel(1, unit, t).length).toBeGreaterThan(0);
      expect(perPeriodLabel(3, unit, t)).toMatch(/3/);
    }
  });

  it('reads naturally in English', () => {
    const t = translatorFor('en_US');
    expect(validityLabel(1, 'month', t)).toBe('1 month');
    expect(validityLabel(12, 'month', t)).toBe('12 months');
    expect(validityLabel(1, 'year', t)).toBe('1 year');
    expect(perPeriodLabel(1, 'month', t)).toBe('per month');
    expect(perPeriodLabel(3, 'month', t)).toBe('every 3 months');
  });

  it.each([
    ['en_US', 'Switch to yearly', 'Switch to monthly'],
    ['zh_CN', '改为按年付费', '改为按月付费'],
    ['zh_HK', '改為按年付費', '改為按月付費'],
    ['fr_FR', 'Passer au paiement annuel', 'Passer au paiement mensuel'],
  ])(
    '%s: a switch of period is named by the period chosen, never Upgrade or Downgrade',
    (loc, yearly, monthly) => {
      const t = translatorFor(loc);
      const switchTo = (validity: number, unit: string) =>
        planChoiceLabel({ choice: 'switch_period', validity, validity_unit: unit }, t);
      expect(switchTo(1, 'year')).toBe(yearly);
      expect(switchTo(1, 'month')).toBe(monthly);
      expect(switchTo(3, 'month')).toMatch(/3/);
      const moves = [planChoiceLabel({ choice: 'upgrade', validity: 1, validity_unit: 'year' }, t)];
      moves.push(planChoiceLabel({ choice: 'downgrade', validity: 1, validity_unit: 'year' }, t));
      expect(moves).not.toContain(switchTo(1, 'year'));
    },
  );

  it.each(['en_US', 'zh_CN', 'zh_HK', 'fr_FR'])(
    "%s: a credit pack's term is that its credits never expire, whatever validity its row carries",
    (loc) => {
      const t = translatorFor(loc);
      const pack = planTermLabel({ kind: 'credit_pack', validity: 1, validity_unit: 'year' }, t);
      expect(pack).toBe(t('Credits never expire'));
      expect(pack).not.toBe(validityLabel(1, 'year', t));
      // An order of it reads the same (the payment dialog, the order pages).
      expect(
        orderTermLabel({ plan_kind: 'credit_pack', plan_info: { validity: 1, validity_unit: 'year' } }, t),
      ).toBe(pack);
      expect(planTermLabel({ kind: 'subscription', validity: 1, validity_unit: 'year' }, t)).toBe(
        validityLabel(1, 'year', t),
      );
    },
  );

  it('a value this build does not know is shown as the server sent it', () => {
    const t = translatorFor('en_US');
    expect(orderStatusLabel('on_hold', t)).toBe('on_hold');
    expect(paymentMethodLabel('paypal', t)).toBe('paypal');
  });
});
