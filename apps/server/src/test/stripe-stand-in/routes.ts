import type { RecordedRequest } from './api';
import type { StandInCards } from './cards';
import type { StandInCheckoutSessions } from './checkout-sessions';
import { balanceOf, intentObject, type StandInIntent } from './intents';
import { type FormObject, failure, isFailure, noSuch } from './protocol';
import { listPage, type StandInRefunds } from './refunds';
import type { StandInSchedules } from './schedules';
import type { StandInSubscriptions } from './subscriptions';

/**
 * The stand-in's API, one row a route: the method, the path (its one group is the id it names)
 * and what answers it, an object or a Stripe failure. The first row that matches answers; a
 * request no row matches is Stripe's 404 `Unrecognized request URL`.
 */

export interface RouteParts {
  checkout: StandInCheckoutSessions;
  refunds: StandInRefunds;
  intents: ReadonlyMap<string, StandInIntent>;
  cards: StandInCards;
  subscriptions: StandInSubscriptions;
  schedules: StandInSchedules;
}

type Route = [method: string, path: RegExp, answer: (id: string, form: FormObject) => unknown];

/** `expand[]` as a list of strings. */
const expandOf = (form: FormObject) => (Array.isArray(form.expand) ? form.expand.map(String) : []);

function routeTable({ checkout, refunds, intents, cards, subscriptions, schedules }: RouteParts): Route[] {
  return [
    ['POST', /^\/v1\/checkout\/sessions$/, (_, form) => checkout.create(form)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => checkout.retrieve(id)],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => checkout.expireOpen(id)],
    ['POST', /^\/v1\/refunds$/, (_, form) => refunds.create(form)],
    ['GET', /^\/v1\/refunds$/, (_, form) => refunds.list(form)],
    [
      'GET',
      /^\/v1\/payment_intents$/,
      (_, { expand, ...query }) => {
        const charges = Array.isArray(expand) && expand.includes('data.latest_charge');
        const all = [...intents.values()].map((intent) => intentObject(intent, charges));
        return listPage(all, query, '/v1/payment_intents');
      },
    ],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (id) => refunds.retrieve(id)],
    ['GET', /^\/v1\/balance$/, () => balanceOf(intents.values(), (session) => checkout.isPaid(session))],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (id, form) => {
        const intent = intents.get(id);
        const expand = Array.isArray(form.expand) ? form.expand : [];
        return intent ? intentObject(intent, expand.includes('latest_charge')) : noSuch('payment_intent', id);
      },
    ],
    ['POST', /^\/v1\/customers$/, (_, form) => cards.createCustomer(form)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => cards.customer(id)],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (id, form) => cards.updateCustomer(id, form)],
    ['GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, (id, form) => cards.listPaymentMethods(id, form)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (id) => cards.paymentMethod(id)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (id) => cards.detach(id)],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (id) => cards.setupIntent(id)],
    ['GET', /^\/v1\/subscriptions$/, (_, form) => subscriptions.list(form)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id, form) => subscriptions.retrieve(id, expandOf(form))],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (id, form) => subscriptions.update(id, form)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id, form) => subscriptions.cancel(id, form)],
    ['POST', /^\/v1\/subscription_schedules$/, (_, form) => schedules.create(form)],
    ['GET', /^\/v1\/subscription_schedules$/, (_, form) => schedules.list(form)],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, (id, form) => schedules.retrieve(id, expandOf(form))],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (id) => schedules.release(id)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/cancel$/, (id) => schedules.cancel(id)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (id, form) => schedules.update(id, form)],
    ['POST', /^\/v1\/prices$/, (_, form) => subscriptions.createPrice(form)],
    [
      'GET',
      /^\/v1\/prices\/([^/]+)$/,
      (id) => subscriptions.price(id) ?? schedules.price(id) ?? noSuch('price', id),
    ],
    ['POST', /^\/v1\/invoices\/create_preview$/, (_, form) => subscriptions.preview(form)],
    ['POST', /^\/v1\/invoices\/([^/]+)\/void$/, (id) => subscriptions.voidInvoice(id)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (id) => subscriptions.invoice(id)],
  ];
}

/** The route table over the stand-in's parts: answers a recorded request with its status and body. */
export function routes(
  parts: RouteParts,
): (record: RecordedRequest) => Promise<{ status: number; body: unknown }> {
  const table = routeTable(parts);
  return async (record) => {
    let result: unknown = failure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${record.method}: ${record.path}).`,
    });
    for (const [method, path, answer] of table) {
      const match = method === record.method ? path.exec(record.path) : null;
      if (match) {
        result = await answer(match[1] ?? '', record.form);
        break;
      }
    }
    return isFailure(result)
      ? { status: result.status, body: { error: result.error } }
      : { status: 200, body: result };
  };
}
