import type Stripe from 'stripe';
import { addInterval, priceDataOf, priceObject, type RecurringPrice } from './prices';
import {
  type FormObject,
  type FormValue,
  invalid,
  isInteger,
  missingParam,
  newId,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';
import type { PhaseTurn } from './renewals';
import type { StandInSubscriptions } from './subscriptions';

/**
 * The stand-in's subscription schedules: what a subscription will change to, phase by phase, as
 * Stripe's billing applies them at each period's end (the renewal clock in renewals.ts asks
 * `phaseAt`). Shapes are `Stripe.SubscriptionSchedule` at the pinned API version.
 *
 * - `POST /v1/subscription_schedules` (`from_subscription`): one phase, the subscription's current
 *   price over its current period; `end_behavior` `release`;
 * - `POST /v1/subscription_schedules/:id` (`phases`, `end_behavior`, `metadata`): the phases
 *   replaced; the first must keep the current phase's start; a phase lasts `end_date`, or
 *   `duration`, or one interval of its price; `items[0][price]` or `items[0][price_data]`;
 *   `trial=true` charges nothing for it; its `metadata` is set on the subscription when it begins;
 * - `GET /v1/subscription_schedules/:id` (`expand[]=phases.items.price`), `GET
 *   /v1/subscription_schedules` (`customer`, `limit`);
 * - `POST /v1/subscription_schedules/:id/release` (the subscription stays, without a schedule) and
 *   `/cancel` (the subscription ends now).
 *
 * After the last phase, `release` leaves the subscription renewing the last price (status
 * `released`); `cancel` ends it (`completed`). Events: `subscription_schedule.created|updated|
 * released|canceled|completed`.
 */

interface Phase {
  start: number;
  end: number;
  price: RecurringPrice;
  priceObject: Stripe.Price;
  trial: boolean;
  metadata: Record<string, string>;
}

interface HeldSchedule {
  schedule: Stripe.SubscriptionSchedule;
  phases: Phase[];
}

export interface ScheduleHooks {
  now: () => number;
  emit(type: string, object: Stripe.SubscriptionSchedule): void;
}

const OVER = new Set(['released', 'canceled', 'completed']);

export class StandInSchedules {
  readonly held = new Map<string, HeldSchedule>();

  constructor(
    private readonly subscriptions: StandInSubscriptions,
    private readonly hooks: ScheduleHooks,
  ) {
    subscriptions.phaseAt = (subscriptionId, at) => this.phaseAt(subscriptionId, at);
  }

  private copy<T>(value: T): T {
    return structuredClone(value);
  }

  /** The phases as Stripe shows them, and the current one. */
  private render(held: HeldSchedule): void {
    const { schedule, phases } = held;
    schedule.phases = phases.map((phase) => ({
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      billing_thresholds: null,
      collection_method: null,
      currency: phase.price.currency,
      default_payment_method: null,
      description: null,
      discounts: [],
      end_date: phase.end,
      invoice_settings: null,
      items: [
        {
          billing_thresholds: null,
          discounts: [],
          metadata: {},
          plan: phase.priceObject.id,
          price: phase.priceObject.id,
          quantity: 1,
          tax_rates: [],
        },
      ],
      metadata: { ...phase.metadata },
      on_behalf_of: null,
      proration_behavior: 'create_prorations',
      start_date: phase.start,
      transfer_data: null,
      trial: phase.trial,
      trial_end: phase.trial ? phase.end : null,
    }));
  }

  private setCurrent(held: HeldSchedule, at: number): void {
    const current = held.phases.find((phase) => phase.start <= at && at < phase.end);
    held.schedule.current_phase = current ? { start_date: current.start, end_date: current.end } : null;
  }

  create(form: FormObject): Stripe.SubscriptionSchedule | StripeFailure {
    for (const key of Object.keys(form)) {
      if (!['from_subscription', 'metadata', 'expand'].includes(key)) return unknownParam(key);
    }
    if (typeof form.from_subscription !== 'string') return missingParam('from_subscription');
    const found = this.subscriptions.heldSubscription(form.from_subscription);
    if (!found) return noSuch('subscription', form.from_subscription, 'from_subscription');
    const { subscription, price } = found;
    if (subscription.status === 'canceled')
      return invalid('You cannot attach a schedule to a canceled subscription.', 'from_subscription');
    if (subscription.schedule)
      return invalid(
        `The subscription is already attached to a schedule: ${String(subscription.schedule)}.`,
        'from_subscription',
      );
    const item = subscription.items.data[0];
    if (!item) return invalid('The subscription has no item', 'from_subscription');
    const created = this.hooks.now();
    const id = newId('sub_sched_');
    const schedule: Stripe.SubscriptionSchedule = {
      id,
      object: 'subscription_schedule',
      application: null,
      billing_mode: { flexible: null, type: 'classic' },
      canceled_at: null,
      completed_at: null,
      created,
      current_phase: null,
      customer: subscription.customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: {
          account_tax_ids: null,
          custom_fields: null,
          days_until_due: null,
          description: null,
          footer: null,
          issuer: { type: 'self' },
        },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      pause_schedules: [],
      phases: [],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subscription.id,
      test_clock: null,
    };
    const held: HeldSchedule = {
      schedule,
      phases: [
        {
          start: item.current_period_start,
          end: item.current_period_end,
          price,
          priceObject: this.copy(item.price),
          trial: false,
          metadata: {},
        },
      ],
    };
    this.held.set(id, held);
    this.render(held);
    this.setCurrent(held, created);
    this.subscriptions.setSchedule(subscription.id, id);
    this.hooks.emit('subscription_schedule.created', schedule);
    return this.copy(schedule);
  }

  /** One phase of `phases[i]`, starting at `start`. */
  private readPhase(value: FormValue, index: number, start: number, currency: string): Phase | StripeFailure {
    const param = (name: string) => `phases[${index}][${name}]`;
    if (typeof value !== 'object' || Array.isArray(value))
      return invalid('Invalid object', `phases[${index}]`);
    for (const key of Object.keys(value)) {
      if (
        !['items', 'start_date', 'end_date', 'duration', 'trial', 'metadata', 'proration_behavior'].includes(
          key,
        )
      )
        return unknownParam(param(key));
    }
    const items = value.items;
    const entry = Array.isArray(items) && items.length === 1 ? items[0] : null;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      return invalid('The stand-in schedules one item per phase', param('items'));
    let price: RecurringPrice;
    let object: Stripe.Price;
    if (typeof entry.price === 'string') {
      const known = this.subscriptions.prices.get(entry.price) ?? this.ownPrice(entry.price);
      if (!known) return noSuch('price', entry.price, param('items[0][price]'));
      ({ price, object } = known);
    } else if (typeof entry.price_data === 'object' && !Array.isArray(entry.price_data)) {
      const data = entry.price_data;
      const given = priceDataOf(data, param('items[0][price_data]'));
      if ('status' in given) return given;
      if (typeof data.product !== 'string') return missingParam(param('items[0][price_data][product]'));
      price = given;
      object = { ...priceObject(price, this.hooks.now()), product: data.product };
    } else {
      return missingParam(param('items[0][price]'));
    }
    if (price.currency !== currency)
      return invalid("A phase's price must be in the subscription's currency.", param('items[0][price]'));
    let end: number;
    if (value.end_date !== undefined) {
      if (!isInteger(value.end_date))
        return invalid('Invalid integer', param('end_date'), 'parameter_invalid_integer');
      end = Number(value.end_date);
    } else if (value.duration !== undefined) {
      const duration = value.duration;
      if (typeof duration !== 'object' || Array.isArray(duration))
        return invalid('Invalid object', param('duration'));
      const interval = duration.interval;
      if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year')
        return invalid('Invalid interval', param('duration[interval]'));
      const count = duration.interval_count === undefined ? 1 : Number(duration.interval_count);
      if (!Number.isInteger(count) || count < 1)
        return invalid('Invalid integer', param('duration[interval_count]'));
      end = addInterval(start, interval, count);
    } else {
      end = addInterval(start, price.interval, price.intervalCount);
    }
    if (end <= start) return invalid("A phase's end must be after its start.", param('end_date'));
    if (value.trial !== undefined && value.trial !== 'true' && value.trial !== 'false')
      return invalid('Invalid boolean', param('trial'));
    const metadata: Record<string, string> = {};
    if (value.metadata !== undefined) {
      if (typeof value.metadata !== 'object' || Array.isArray(value.metadata))
        return invalid('Invalid object', param('metadata'));
      for (const [key, item] of Object.entries(value.metadata)) {
        if (typeof item !== 'string') return invalid('Invalid string', param(`metadata[${key}]`));
        metadata[key] = item;
      }
    }
    return { start, end, price, priceObject: object, trial: value.trial === 'true', metadata };
  }

  /** A price a phase already has (the current one, taken from the subscription). */
  private ownPrice(id: string): { price: RecurringPrice; object: Stripe.Price } | null {
    for (const held of this.held.values()) {
      const phase = held.phases.find((candidate) => candidate.priceObject.id === id);
      if (phase) return { price: phase.price, object: phase.priceObject };
    }
    return null;
  }

  update(id: string, form: FormObject): Stripe.SubscriptionSchedule | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription_schedule', id);
    for (const key of Object.keys(form)) {
      if (!['phases', 'end_behavior', 'metadata', 'proration_behavior', 'expand'].includes(key))
        return unknownParam(key);
    }
    const { schedule } = held;
    if (OVER.has(schedule.status))
      return invalid(`You cannot update a subscription schedule that is ${schedule.status}.`);
    if (form.end_behavior !== undefined) {
      if (form.end_behavior !== 'release' && form.end_behavior !== 'cancel')
        return invalid('Invalid end_behavior: the stand-in takes release or cancel', 'end_behavior');
      schedule.end_behavior = form.end_behavior;
    }
    if (form.phases !== undefined) {
      if (!Array.isArray(form.phases) || form.phases.length === 0) return invalid('Invalid array', 'phases');
      const first = held.phases[0];
      const given = form.phases[0];
      const firstStart =
        typeof given === 'object' && !Array.isArray(given) && isInteger(given.start_date)
          ? Number(given.start_date)
          : null;
      if (!first || firstStart !== first.start)
        return invalid(
          'You cannot change the start date of the current phase: pass phases[0][start_date] as it is.',
          'phases[0][start_date]',
        );
      const currency = first.price.currency;
      const phases: Phase[] = [];
      let start = first.start;
      for (const [index, value] of form.phases.entries()) {
        const phase = this.readPhase(value, index, start, currency);
        if ('status' in phase) return phase;
        phases.push(phase);
        start = phase.end;
      }
      held.phases = phases;
    }
    if (typeof form.metadata === 'object' && !Array.isArray(form.metadata)) {
      schedule.metadata = { ...schedule.metadata };
      for (const [key, value] of Object.entries(form.metadata)) {
        if (typeof value === 'string') schedule.metadata[key] = value;
      }
    }
    this.render(held);
    this.setCurrent(held, this.hooks.now());
    this.hooks.emit('subscription_schedule.updated', schedule);
    return this.copy(schedule);
  }

  /** `expand[]=phases.items.price` gives each phase's item its price object, as Stripe does. */
  retrieve(id: string, expand: readonly string[] = []): Stripe.SubscriptionSchedule | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription_schedule', id);
    const answer = this.copy(held.schedule);
    if (expand.includes('phases.items.price')) {
      answer.phases.forEach((phase, index) => {
        const own = held.phases[index];
        for (const item of phase.items) if (own) item.price = this.copy(own.priceObject);
      });
    }
    return answer;
  }

  /** A price a phase names, for `GET /v1/prices/:id`. */
  price(id: string): Stripe.Price | null {
    const found = this.ownPrice(id);
    return found ? this.copy(found.object) : null;
  }

  list(form: FormObject): Stripe.ApiList<Stripe.SubscriptionSchedule> {
    const limit = isInteger(form.limit) ? Math.min(Math.max(Number(form.limit), 1), 100) : 10;
    const all = [...this.held.values()]
      .map((held) => held.schedule)
      .filter((schedule) => (typeof form.customer === 'string' ? schedule.customer === form.customer : true))
      .sort((a, b) => b.created - a.created);
    return {
      object: 'list',
      data: all.slice(0, limit).map((schedule) => this.copy(schedule)),
      has_more: all.length > limit,
      url: '/v1/subscription_schedules',
    };
  }

  private end(held: HeldSchedule, status: 'released' | 'canceled' | 'completed'): void {
    const { schedule } = held;
    const at = this.hooks.now();
    const subscriptionId = typeof schedule.subscription === 'string' ? schedule.subscription : null;
    schedule.status = status;
    schedule.current_phase = null;
    if (status === 'released') {
      schedule.released_at = at;
      schedule.released_subscription = subscriptionId;
      schedule.subscription = null;
    }
    if (status === 'canceled') schedule.canceled_at = at;
    if (status === 'completed') schedule.completed_at = at;
    if (subscriptionId) this.subscriptions.setSchedule(subscriptionId, null);
    this.hooks.emit(`subscription_schedule.${status}`, schedule);
  }

  release(id: string): Stripe.SubscriptionSchedule | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription_schedule', id);
    if (OVER.has(held.schedule.status))
      return invalid(`You cannot release a subscription schedule that is ${held.schedule.status}.`);
    this.end(held, 'released');
    return this.copy(held.schedule);
  }

  cancel(id: string): Stripe.SubscriptionSchedule | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription_schedule', id);
    if (OVER.has(held.schedule.status))
      return invalid(`You cannot cancel a subscription schedule that is ${held.schedule.status}.`);
    const subscriptionId = typeof held.schedule.subscription === 'string' ? held.schedule.subscription : null;
    this.end(held, 'canceled');
    if (subscriptionId) this.subscriptions.endNow(subscriptionId);
    return this.copy(held.schedule);
  }

  /**
   * The renewal clock reaches `at`, the end of a subscription's period: the phase starting then
   * begins; past the last phase the schedule ends as its `end_behavior` says.
   */
  private phaseAt(subscriptionId: string, at: number): PhaseTurn | null {
    const held = [...this.held.values()].find(
      (candidate) =>
        candidate.schedule.subscription === subscriptionId && !OVER.has(candidate.schedule.status),
    );
    if (!held) return null;
    const next = held.phases.find((phase) => phase.start === at);
    if (next) {
      held.schedule.current_phase = { start_date: next.start, end_date: next.end };
      this.hooks.emit('subscription_schedule.updated', held.schedule);
      return {
        kind: 'phase',
        price: next.price,
        priceObject: next.priceObject,
        trial: next.trial,
        metadata: next.metadata,
        endsAt: next.end,
      };
    }
    const last = held.phases.at(-1);
    if (!last || at < last.end) return null;
    if (held.schedule.end_behavior === 'cancel') {
      this.end(held, 'completed');
      return { kind: 'cancel' };
    }
    this.end(held, 'released');
    return null;
  }
}
