import { createTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import {
  confirmSavedPaymentMethod,
  listSavedPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startSavingPaymentMethod,
} from '@app/contract/billing/payment-methods';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers, teamMembers } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in/stripe-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { teamIdOf } from '../billing/billing.test-kit';
import { toSavedMethod } from './payment-methods.service';

/**
 * The team's saved cards (`/account/wallet/payment-method`, issue 27 item 8) against the
 * repository's Stripe stand-in over real HTTP, on a real database: a card is saved on Stripe's
 * hosted page in `setup` mode and read back from Stripe; the first card becomes the default;
 * the default can be moved; removing the default passes it to another card; nobody reaches
 * another team's cards; members see the cards, only the owner or an admin changes them.
 */
describe('saved cards with Stripe (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp();
    const admin = await signInAdmin(t.app);
    (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'stripe' },
        body: {
          values: {
            secret_key: stripe.secretKey,
            webhook_secret: stripe.webhooks.secrets[0] ?? '',
            base_url: stripe.url,
          },
        },
      })
    ).ok();
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const list = async (who: Caller) => (await callEndpoint(t.app, listSavedPaymentMethods, { as: who })).ok();

  /** Adds a card as a person would: the hosted page, its "Save" button, back to the app, confirmed. */
  async function saveCard(who: Caller, card: 'visa' | 'mastercard' = 'visa') {
    const started = (await callEndpoint(t.app, startSavingPaymentMethod, { as: who })).ok();
    const sessionId = new URL(started.url).pathname.split('/').pop() ?? '';
    const back = new URL(await stripe.saveCard(sessionId, card));
    expect(back.pathname).toBe('/account/wallet/payment-method');
    const session = back.searchParams.get('saved_session') ?? '';
    expect(session).toBe(sessionId);
    return (
      await callEndpoint(t.app, confirmSavedPaymentMethod, { as: who, body: { session_id: session } })
    ).ok().item;
  }

  it('a team without a card can add one; the hosted page saves it without a charge, and the first card is the default', async () => {
    const owner = await signUpUser(t.app);
    expect(await list(owner)).toEqual({ items: [], reason: null, can_add: true, can_manage: true });

    const started = (await callEndpoint(t.app, startSavingPaymentMethod, { as: owner })).ok();
    const session = stripe.session(new URL(started.url).pathname.split('/').pop() ?? '');
    expect(session).toMatchObject({ mode: 'setup', amount_total: null, status: 'open' });
    expect(started.expire_time).toBe(session.expires_at);

    const card = await saveCard(owner);
    expect(card).toMatchObject({ method: 'stripe', brand: 'visa', last4: '4242', label: 'Visa •••• 4242' });
    expect(card.is_default).toBe(true);
    expect(card.expire_month).toMatch(/^\d{2}\/\d{4}$/);
    const listed = await list(owner);
    expect(listed.items).toEqual([card]);
    // Nothing was charged: the stand-in holds no payment for the team.
    expect(stripe.sessions().filter((s) => s.mode === 'payment' && s.customer === session.customer)).toEqual(
      [],
    );
  });

  it('a second card is not the default until chosen; removing the default passes it to the other card', async () => {
    const owner = await signUpUser(t.app);
    const visa = await saveCard(owner, 'visa');
    const master = await saveCard(owner, 'mastercard');
    expect(master.is_default).toBe(false);
    // Newest first, as Stripe lists them.
    expect((await list(owner)).items.map((item) => [item.last4, item.is_default])).toEqual([
      ['4444', false],
      ['4242', true],
    ]);

    const chosen = (
      await callEndpoint(t.app, setDefaultPaymentMethod, { as: owner, params: { id: master.id } })
    ).ok();
    expect(chosen.item.is_default).toBe(true);
    expect((await list(owner)).items.map((item) => [item.last4, item.is_default])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);

    (await callEndpoint(t.app, removePaymentMethod, { as: owner, params: { id: master.id } })).ok();
    const after = await list(owner);
    expect(after.items.map((item) => [item.id, item.is_default])).toEqual([[visa.id, true]]);
    // Detached at Stripe, not only hidden here.
    expect(stripe.cards.paymentMethods.get(master.id)?.customer).toBeNull();

    (await callEndpoint(t.app, removePaymentMethod, { as: owner, params: { id: visa.id } })).ok();
    expect((await list(owner)).items).toEqual([]);
  });

  it("another team's card or page is refused as if it did not exist, and nothing changes", async () => {
    const alice = await signUpUser(t.app);
    const mallory = await signUpUser(t.app);
    const card = await saveCard(alice);
    await saveCard(mallory);
    const started = (await callEndpoint(t.app, startSavingPaymentMethod, { as: alice })).ok();
    const aliceSession = new URL(started.url).pathname.split('/').pop() ?? '';
    await stripe.saveCard(aliceSession, 'mastercard');

    const setDefault = await callEndpoint(t.app, setDefaultPaymentMethod, {
      as: mallory,
      params: { id: card.id },
    });
    expect(setDefault.status).toBe(404);
    expect(setDefault.error()).toMatchObject({ error_code: 'NOT_FOUND', msg: 'No such card' });
    const remove = await callEndpoint(t.app, removePaymentMethod, { as: mallory, params: { id: card.id } });
    expect(remove.status).toBe(404);
    const unknown = await callEndpoint(t.app, removePaymentMethod, {
      as: mallory,
      params: { id: 'pm_nobody' },
    });
    expect(unknown.status).toBe(404);
    const confirm = await callEndpoint(t.app, confirmSavedPaymentMethod, {
      as: mallory,
      body: { session_id: aliceSession },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { session_id: 'No card was saved on this page' },
    });

    expect(stripe.cards.paymentMethods.get(card.id)?.customer).not.toBeNull();
    expect((await list(alice)).items.map((item) => [item.id, item.is_default])).toEqual([
      [expect.any(String), false],
      [card.id, true],
    ]);
  });

  it('a page left without saving confirms nothing', async () => {
    const owner = await signUpUser(t.app);
    const started = (await callEndpoint(t.app, startSavingPaymentMethod, { as: owner })).ok();
    const sessionId = new URL(started.url).pathname.split('/').pop() ?? '';
    const confirm = await callEndpoint(t.app, confirmSavedPaymentMethod, {
      as: owner,
      body: { session_id: sessionId },
    });
    expect(confirm.status).toBe(400);
    expect((await list(owner)).items).toEqual([]);
  });

  it('members see the cards; only the owner or an admin adds, chooses or removes one', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const team = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Cards team' } })).ok()
      .team;
    await t.platform.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: member.userId, role: 'member' });
    (await callEndpoint(t.app, switchCurrentTeam, { as: owner, body: { team_id: team.id } })).ok();
    (await callEndpoint(t.app, switchCurrentTeam, { as: member, body: { team_id: team.id } })).ok();
    expect(await teamIdOf(t, member)).toBe(team.id);
    const card = await saveCard(owner);

    const seen = await list(member);
    expect(seen).toMatchObject({ can_add: false, can_manage: false });
    expect(seen.items.map((item) => item.id)).toEqual([card.id]);
    for (const call of [
      callEndpoint(t.app, startSavingPaymentMethod, { as: member }),
      callEndpoint(t.app, setDefaultPaymentMethod, { as: member, params: { id: card.id } }),
      callEndpoint(t.app, removePaymentMethod, { as: member, params: { id: card.id } }),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(403);
      expect(refused.error()).toMatchObject({
        msg: "Only the owner or an admin may change the team's payment methods",
      });
    }
    expect((await list(owner)).items.map((item) => item.id)).toEqual([card.id]);
  });

  it('two "add a card" clicks at once make one Stripe customer for the team', async () => {
    const owner = await signUpUser(t.app);
    const teamId = await teamIdOf(t, owner);
    const [a, b] = await Promise.all([
      callEndpoint(t.app, startSavingPaymentMethod, { as: owner }),
      callEndpoint(t.app, startSavingPaymentMethod, { as: owner }),
    ]);
    const sessions = [a.ok().url, b.ok().url].map((url) =>
      stripe.session(new URL(url).pathname.split('/').pop() ?? ''),
    );
    const kept = await t.platform.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.teamId, teamId));
    expect(kept).toHaveLength(1);
    expect(sessions.map((session) => session.customer)).toEqual([kept[0]?.customerRef, kept[0]?.customerRef]);
    expect([...stripe.cards.customers.values()].filter((c) => c.metadata.team_id === teamId)).toHaveLength(1);
  });

  it('an expired card cannot be made the default, naming the field', async () => {
    const owner = await signUpUser(t.app);
    await saveCard(owner, 'visa');
    const old = await saveCard(owner, 'mastercard');
    const held = stripe.cards.paymentMethods.get(old.id);
    if (!held?.card) throw new Error('the stand-in holds the card');
    held.card.exp_year = new Date().getUTCFullYear() - 1;
    const listed = (await list(owner)).items.find((item) => item.id === old.id);
    expect(listed?.expired).toBe(true);
    const refused = await callEndpoint(t.app, setDefaultPaymentMethod, { as: owner, params: { id: old.id } });
    expect(refused.status).toBe(400);
    expect(refused.error()).toMatchObject({
      fields: { id: 'This card has expired: add a card that can pay' },
    });
  });
});

describe('saved cards in location cn', () => {
  it('in location cn: none, because orders are paid with WeChat Pay or Alipay each time', async () => {
    const t = await createTestApp({ REGION: 'cn' });
    try {
      const owner = await signUpUser(t.app);
      const listed = (await callEndpoint(t.app, listSavedPaymentMethods, { as: owner })).ok();
      expect(listed).toMatchObject({ items: [], can_add: false });
      // Said in the region's language (cn defaults to Chinese), in the customer's terms.
      expect(listed.reason).toBe('此处不保存银行卡：每笔订单在下单时使用微信支付或支付宝付款。');
    } finally {
      await t.close();
    }
  });
});

describe('a card as the page shows it', () => {
  const card = (exp_month: number, exp_year: number) =>
    ({
      id: 'pm_1',
      object: 'payment_method',
      created: 1_790_000_000,
      type: 'card',
      card: { brand: 'amex', last4: '0005', exp_month, exp_year },
    }) as Parameters<typeof toSavedMethod>[0];

  it('works through the last day of its expiry month, and is expired the month after', () => {
    const now = new Date(Date.UTC(2026, 11, 31, 23, 59));
    expect(toSavedMethod(card(12, 2026), null, now)).toMatchObject({
      expired: false,
      expire_month: '12/2026',
    });
    expect(toSavedMethod(card(11, 2026), null, now).expired).toBe(true);
    expect(toSavedMethod(card(1, 2027), null, now).expired).toBe(false);
  });

  it('names the brand as people write it, with the last four digits only', () => {
    expect(toSavedMethod(card(1, 2030), 'pm_1')).toMatchObject({
      label: 'American Express •••• 0005',
      is_default: true,
    });
  });
});
