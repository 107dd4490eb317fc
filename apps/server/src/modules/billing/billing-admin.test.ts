import { getAdminOrder, listAdminOrders } from '@app/contract/billing/admin-orders';
import { adjustCredits, listAdminCreditLedger, listAdminCredits } from '@app/contract/billing/credits';
import { getFinancialReport } from '@app/contract/billing/financial';
import {
  createAdminInvoiceLink,
  createInvoiceLink,
  getMyInvoice,
  issueInvoice,
  listAdminInvoices,
  rejectInvoice,
  requestInvoice,
} from '@app/contract/billing/invoices';
import { createOrder } from '@app/contract/billing/orders';
import {
  createPlan,
  deletePlan,
  getFunctionPermissions,
  listAdminPlans,
  listPlans,
  setFunctionPermission,
  updatePlan,
} from '@app/contract/billing/plans';
import { getResourcesSummary, listAdminUsageLogs } from '@app/contract/billing/usage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, operationRecords } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { releaseCredits, reserveCredits, settleCredits } from '../credits/credits.service';
import { buyPlan, ledgerExplains, planId, startPaying, teamIdOf } from './billing.test-kit';

describe('billing admin: plans, function permissions, credits, orders, invoices, money', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** Successful operation records of an action (refused attempts are recorded as failures). */
  const recorded = async (action: string) =>
    (await t.platform.db.select().from(operationRecords).where(eq(operationRecords.action, action))).filter(
      (record) => record.result === 'success',
    ).length;

  const adminPlanKeys = async () =>
    (await callEndpoint(t.app, listAdminPlans, { as: admin, query: {} })).ok().items.map((plan) => plan.key);

  const newPlan = (key: string) => ({
    key,
    name: `Plan ${key}`,
    price: 990,
    currency: 'USD',
    validity: 1,
    validity_unit: 'month' as const,
    credits: 500,
    storage_quota_bytes: 1024 ** 3,
    seats: 2,
    functions: ['chat'],
  });

  it('plans: created and changed with a record; an update changes only what it names; a plan never used is deleted, a used one archived, the free one kept', async () => {
    const made = (await callEndpoint(t.app, createPlan, { as: admin, body: newPlan('starter') })).ok().plan;
    expect(made).toMatchObject({ key: 'starter', status: 'active', functions: ['chat'], sort_order: 100 });
    const dup = await callEndpoint(t.app, createPlan, { as: admin, body: newPlan('starter') });
    expect(dup.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { key: expect.any(String) },
    });
    const renamed = (
      await callEndpoint(t.app, updatePlan, { as: admin, params: { id: made.id }, body: { name: 'Starter' } })
    ).ok().plan;
    expect(renamed).toMatchObject({ name: 'Starter', functions: ['chat'], price: 990, sort_order: 100 });
    expect(await recorded('plan.create')).toBe(1);
    expect(await recorded('plan.update')).toBe(1);

    // Someone buys it: from then on it is archived, never deleted.
    const user = await signUpUser(t.app);
    await buyPlan(t, user, 'starter');
    expect((await callEndpoint(t.app, deletePlan, { as: admin, params: { id: made.id } })).ok()).toEqual({
      result: 'archived',
    });
    const onSale = (await callEndpoint(t.app, listPlans, { as: user })).ok();
    expect(onSale.items.some((plan) => plan.key === 'starter')).toBe(false);
    // The subscriber keeps it.
    expect(onSale.current_plan_id).toBe(made.id);
    // Only the sandbox takes payments here: the page says it is test mode.
    expect(onSale.test_mode).toBe(true);
    const order = await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: made.id } });
    expect(order.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { plan_id: expect.any(String) },
    });
    const listed = (
      await callEndpoint(t.app, listAdminPlans, { as: admin, query: { status: 'archived' } })
    ).ok();
    expect(listed.items.find((plan) => plan.id === made.id)).toMatchObject({ subscribers: 1, orders: 1 });

    const spare = (await callEndpoint(t.app, createPlan, { as: admin, body: newPlan('spare') })).ok().plan;
    expect((await callEndpoint(t.app, deletePlan, { as: admin, params: { id: spare.id } })).ok()).toEqual({
      result: 'deleted',
    });
    const free = await callEndpoint(t.app, deletePlan, {
      as: admin,
      params: { id: await planId(t, 'free') },
    });
    expect(free.error().error_code).toBe('CONFLICT');
  });

  it('a plan is priced in a currency with cents only: JPY (no decimals) or KWD (three) is a VALIDATION_ERROR naming currency, and nothing is made or changed', async () => {
    for (const currency of ['JPY', 'kwd']) {
      const refused = await callEndpoint(t.app, createPlan, {
        as: admin,
        body: { ...newPlan(`yen_${currency.toLowerCase()}`), currency },
      });
      expect(refused.error()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        fields: {
          currency: 'Prices are in cents: choose a currency with two decimals (not JPY, KRW and the like)',
        },
      });
    }
    expect((await adminPlanKeys()).filter((key) => key.startsWith('yen_'))).toEqual([]);
    const euro = (
      await callEndpoint(t.app, createPlan, { as: admin, body: { ...newPlan('euro'), currency: 'eur' } })
    ).ok().plan;
    expect(euro.currency).toBe('EUR');
    const moved = await callEndpoint(t.app, updatePlan, {
      as: admin,
      params: { id: euro.id },
      body: { currency: 'KRW' },
    });
    expect(moved.error().fields).toMatchObject({ currency: expect.stringContaining('two decimals') });
    expect((await callEndpoint(t.app, deletePlan, { as: admin, params: { id: euro.id } })).ok().result).toBe(
      'deleted',
    );
  });

  it('function permissions: a function the plan does not allow is FORBIDDEN; allowing it lets the call through', async () => {
    const user = await signUpUser(t.app);
    const caller = { teamId: await teamIdOf(t, user), userId: user.userId };
    const matrix = (await callEndpoint(t.app, getFunctionPermissions, { as: admin })).ok();
    expect(matrix.functions.map((fn) => fn.key)).toEqual(
      expect.arrayContaining(['chat', 'analysis', 'ai_table']),
    );
    expect(matrix.plans.find((plan) => plan.key === 'free')?.functions).toEqual(['analysis', 'chat']);
    await expect(
      reserveCredits(t.platform, caller, { functionKey: 'ai_table', estimate: 1 }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const freeId = await planId(t, 'free');
    const allowed = (
      await callEndpoint(t.app, setFunctionPermission, {
        as: admin,
        body: { plan_id: freeId, function_key: 'ai_table', allowed: true },
      })
    ).ok();
    expect(allowed.functions).toContain('ai_table');
    const held = await reserveCredits(t.platform, caller, { functionKey: 'ai_table', estimate: 1 });
    await releaseCredits(t.platform, held);
    await callEndpoint(t.app, setFunctionPermission, {
      as: admin,
      body: { plan_id: freeId, function_key: 'ai_table', allowed: false },
    });
    expect(await recorded('plan.function.allow')).toBe(1);
    expect(await recorded('plan.function.forbid')).toBe(1);
  });

  it('credits: admins see balances and adjust with a reason (recorded); taking more than is free is refused', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const added = (
      await callEndpoint(t.app, adjustCredits, {
        as: admin,
        params: { team_id: teamId },
        body: { amount: 250, reason: 'goodwill' },
      })
    ).ok();
    expect(added.balance.balance).toBe(350);
    expect(added.entry).toMatchObject({ kind: 'adjust', amount: 250, balance_after: 350, note: 'goodwill' });
    const held = await reserveCredits(
      t.platform,
      { teamId, userId: user.userId },
      { functionKey: 'chat', estimate: 300 },
    );
    const tooMuch = await callEndpoint(t.app, adjustCredits, {
      as: admin,
      params: { team_id: teamId },
      body: { amount: -51, reason: 'correction' },
    });
    expect(tooMuch.error().error_code).toBe('CONFLICT');
    await settleCredits(t.platform, held, { credits: 10 });
    const noReason = await callEndpoint(t.app, adjustCredits, {
      as: admin,
      params: { team_id: teamId },
      body: { amount: 5, reason: ' ' },
    });
    expect(noReason.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { reason: expect.any(String) },
    });
    const unknown = await callEndpoint(t.app, adjustCredits, {
      as: admin,
      params: { team_id: 'no-such-team' },
      body: { amount: 5, reason: 'x' },
    });
    expect(unknown.error().error_code).toBe('NOT_FOUND');
    const rows = (await callEndpoint(t.app, listAdminCredits, { as: admin, query: { q: user.email } })).ok();
    expect(rows.items).toEqual([
      expect.objectContaining({ team_id: teamId, balance: 340, held: 0, plan_name: 'Free' }),
    ]);
    const ledger = (
      await callEndpoint(t.app, listAdminCreditLedger, { as: admin, params: { team_id: teamId } })
    ).ok();
    expect(ledger.items.map((entry) => entry.kind)).toEqual(['usage', 'adjust', 'grant']);
    const logs = (
      await callEndpoint(t.app, listAdminUsageLogs, { as: admin, query: { q: user.email } })
    ).ok();
    expect(logs.items).toEqual([
      expect.objectContaining({ credits: 10, team: { id: teamId, name: expect.any(String) } }),
    ]);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    expect(await recorded('credits.adjust')).toBe(1);
    await expect(
      reserveCredits(t.platform, { teamId, userId: user.userId }, { functionKey: 'chat', estimate: 10_000 }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('invoices: a paid order may request one; admins issue a PDF the requester downloads by a signed link, or reject with a reason; the requester is told in the inbox; other teams see nothing', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const unpaid = await startPaying(t, user, 'credits_1000');
    const early = await callEndpoint(t.app, requestInvoice, {
      as: user,
      body: { order_id: unpaid.order.id, title: 'ACME', email: 'billing@acme.test' },
    });
    expect(early.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { order_id: expect.any(String) },
    });
    const bought = await buyPlan(t, user, 'pro_monthly');
    const body = {
      order_id: bought.order.id,
      title: 'ACME 有限公司',
      tax_number: '91310000-X',
      email: 'billing@acme.test',
      address: '1 Main St',
    };
    const first = (await callEndpoint(t.app, requestInvoice, { as: user, body })).ok().invoice;
    expect(first).toMatchObject({ status: 'requested', amount: 1900, order_num: bought.order.order_num });
    expect((await callEndpoint(t.app, requestInvoice, { as: user, body })).error().error_code).toBe(
      'CONFLICT',
    );
    const theirs = await callEndpoint(t.app, requestInvoice, { as: stranger, body });
    expect(theirs.error().error_code).toBe('VALIDATION_ERROR');

    const rejected = (
      await callEndpoint(t.app, rejectInvoice, {
        as: admin,
        params: { id: first.id },
        body: { reason: 'Tax number missing a digit' },
      })
    ).ok().invoice;
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'Tax number missing a digit' });
    const second = (await callEndpoint(t.app, requestInvoice, { as: user, body })).ok().invoice;
    const issued = (
      await callEndpoint(t.app, issueInvoice, {
        as: admin,
        params: { id: second.id },
        body: { note: 'Thank you' },
      })
    ).ok().invoice;
    expect(issued).toMatchObject({ status: 'issued', has_file: true });
    expect(issued.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(
      (await callEndpoint(t.app, issueInvoice, { as: admin, params: { id: second.id }, body: {} })).error()
        .error_code,
    ).toBe('CONFLICT');

    const inbox = await t.platform.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.userId, user.userId));
    expect(inbox.map((message) => message.title).sort()).toEqual([
      'Your invoice is ready',
      'Your invoice request was rejected',
    ]);

    const link = (
      await callEndpoint(t.app, createInvoiceLink, { as: user, params: { id: second.id }, body: {} })
    ).ok();
    const pdf = await t.app.inject({ url: link.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain(`${issued.invoice_number}.pdf`);
    const adminLink = (
      await callEndpoint(t.app, createAdminInvoiceLink, { as: admin, params: { id: second.id }, body: {} })
    ).ok();
    expect((await t.app.inject({ url: adminLink.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${link.url.slice(0, -4)}abcd` })).statusCode).toBe(404);

    for (const call of [
      callEndpoint(t.app, getMyInvoice, { as: stranger, params: { id: second.id } }),
      callEndpoint(t.app, createInvoiceLink, { as: stranger, params: { id: second.id }, body: {} }),
    ]) {
      expect((await call).error().error_code).toBe('NOT_FOUND');
    }
    const listed = (
      await callEndpoint(t.app, listAdminInvoices, { as: admin, query: { q: bought.order.order_num } })
    ).ok();
    expect(listed.items.map((invoice) => invoice.status).sort()).toEqual(['issued', 'rejected']);
    expect(await recorded('invoice.issue')).toBe(1);
    expect(await recorded('invoice.reject')).toBe(1);
  });

  it('admin order details show the bill, payment, notifications and credit entries; the financial report adds up to the orders', async () => {
    const user = await signUpUser(t.app);
    const bought = await buyPlan(t, user, 'pro_monthly');
    const details = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: bought.order.id } })
    ).ok();
    expect(details).toMatchObject({
      order: { status: 'paid', method: 'sandbox', team: { id: await teamIdOf(t, user) } },
      bill: { status: 'paid' },
      payments: [{ status: 'captured', amount: 1900 }],
      notifications: [{ outcome: 'applied' }],
      refundable: true,
    });
    expect(details.credit_entries.map((entry) => entry.kind)).toEqual(['expire', 'grant']);

    const report = (
      await callEndpoint(t.app, getFinancialReport, { as: admin, query: { currency: 'USD' } })
    ).ok();
    const sum = (rows: { revenue: number }[]) => rows.reduce((total, row) => total + row.revenue, 0);
    expect(report.totals.revenue).toBeGreaterThanOrEqual(1900);
    expect(sum(report.by_day)).toBe(report.totals.revenue);
    expect(sum(report.by_month)).toBe(report.totals.revenue);
    expect(sum(report.by_method)).toBe(report.totals.revenue);
    expect(sum(report.by_plan)).toBe(report.totals.revenue);
    expect(report.totals.net).toBe(report.totals.revenue - report.totals.refunds);
    // The same money, counted from the orders themselves.
    const paid = (
      await callEndpoint(t.app, listAdminOrders, {
        as: admin,
        query: {
          page_size: 500,
          filters: JSON.stringify([{ field: 'status', operator: 'in', value: 'paid;refunded' }]),
        },
      })
    ).ok();
    expect(
      paid.items
        .filter((order) => order.currency === 'USD')
        .reduce((total, order) => total + order.pay_amount, 0),
    ).toBe(report.totals.revenue);

    const summary = (await callEndpoint(t.app, getResourcesSummary, { as: admin })).ok();
    expect(summary.totals.remaining).toBe(summary.by_team.reduce((total, row) => total + row.remaining, 0));
    expect(summary.totals.granted).toBeGreaterThanOrEqual(2000);
  });
});
