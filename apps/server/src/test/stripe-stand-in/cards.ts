import type Stripe from 'stripe';
import {
  type FormObject,
  type FormValue,
  invalid,
  missingParam,
  newId,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';

/**
 * The stand-in's customers, their saved cards (payment methods) and the SetupIntents that saved
 * them: what Checkout in `setup` mode leaves behind, and what `/account/wallet/payment-method`
 * reads and changes. Shapes are the `stripe` package's types, so an upgrade that reshapes them
 * fails `tsc` here.
 *
 * - `POST /v1/customers`, `GET /v1/customers/:id`, `POST /v1/customers/:id`
 *   (`invoice_settings[default_payment_method]`, which must be one of the customer's cards);
 * - `GET /v1/customers/:id/payment_methods` (newest first, `type`, `limit`);
 * - `GET /v1/payment_methods/:id`, `POST /v1/payment_methods/:id/detach`;
 * - `GET /v1/setup_intents/:id`.
 */

/** The test cards the hosted page offers, as Stripe's test numbers name them. */
export const TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242', display: 'Visa' },
  mastercard: { brand: 'mastercard', last4: '4444', display: 'Mastercard' },
} as const;
export type TestCard = keyof typeof TEST_CARDS;

type Now = () => number;

const CUSTOMER_PARAMS = new Set(['email', 'name', 'metadata', 'invoice_settings', 'expand', 'description']);

function stringsOf(value: FormValue | undefined, param: string): Record<string, string> | StripeFailure {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) return invalid('Invalid object', param);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') return invalid('Invalid string', `${param}[${key}]`);
    out[key] = v;
  }
  return out;
}

const failed = (value: unknown): value is StripeFailure =>
  typeof value === 'object' && value !== null && 'status' in value && 'error' in value;

export class StandInCards {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();

  constructor(private readonly now: Now) {}

  createCustomer(form: FormObject): Stripe.Customer | StripeFailure {
    for (const key of Object.keys(form)) if (!CUSTOMER_PARAMS.has(key)) return unknownParam(key);
    const metadata = stringsOf(form.metadata, 'metadata');
    if (failed(metadata)) return metadata;
    const customer: Stripe.Customer = {
      id: newId('cus_', 14),
      object: 'customer',
      balance: 0,
      created: this.now(),
      default_source: null,
      description: typeof form.description === 'string' ? form.description : null,
      email: typeof form.email === 'string' ? form.email : null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata,
      name: typeof form.name === 'string' ? form.name : null,
      shipping: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Stripe.Customer | StripeFailure {
    return this.customers.get(id) ?? noSuch('customer', id);
  }

  updateCustomer(id: string, form: FormObject): Stripe.Customer | StripeFailure {
    const customer = this.customers.get(id);
    if (!customer) return noSuch('customer', id);
    for (const key of Object.keys(form)) if (!CUSTOMER_PARAMS.has(key)) return unknownParam(key);
    const settings = form.invoice_settings;
    if (settings !== undefined) {
      if (typeof settings === 'string' || Array.isArray(settings))
        return invalid('Invalid object', 'invoice_settings');
      const chosen = settings.default_payment_method;
      if (chosen !== undefined) {
        if (typeof chosen !== 'string')
          return invalid('Invalid string', 'invoice_settings[default_payment_method]');
        if (chosen === '') {
          customer.invoice_settings.default_payment_method = null;
        } else {
          const method = this.paymentMethods.get(chosen);
          if (!method) return noSuch('PaymentMethod', chosen, 'invoice_settings[default_payment_method]');
          if (method.customer !== id) {
            return invalid(
              `The customer does not have a payment method with the ID ${chosen}. The payment method must be attached to the customer.`,
              'invoice_settings[default_payment_method]',
              'resource_missing',
            );
          }
          customer.invoice_settings.default_payment_method = chosen;
        }
      }
    }
    const metadata = stringsOf(form.metadata, 'metadata');
    if (failed(metadata)) return metadata;
    Object.assign(customer.metadata, metadata);
    if (typeof form.email === 'string') customer.email = form.email;
    if (typeof form.name === 'string') customer.name = form.name;
    return customer;
  }

  listPaymentMethods(
    customerId: string,
    query: FormObject,
  ): Stripe.ApiList<Stripe.PaymentMethod> | StripeFailure {
    if (!this.customers.has(customerId)) return noSuch('customer', customerId, 'customer');
    if (query.type !== undefined && query.type !== 'card')
      return invalid('The stand-in keeps cards only', 'type');
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalid('Invalid integer', 'limit', 'parameter_invalid_integer');
    }
    // Newest first, as Stripe lists them (of two made in one second, the later one).
    const all = [...this.paymentMethods.values()]
      .filter((method) => method.customer === customerId)
      .reverse()
      .sort((a, b) => b.created - a.created);
    return {
      object: 'list',
      data: all.slice(0, limit),
      has_more: all.length > limit,
      url: `/v1/customers/${customerId}/payment_methods`,
    };
  }

  paymentMethod(id: string): Stripe.PaymentMethod | StripeFailure {
    return this.paymentMethods.get(id) ?? noSuch('PaymentMethod', id, 'payment_method');
  }

  detach(id: string): Stripe.PaymentMethod | StripeFailure {
    const method = this.paymentMethods.get(id);
    if (!method) return noSuch('PaymentMethod', id, 'payment_method');
    if (!method.customer) {
      return invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const customer = this.customers.get(method.customer as string);
    if (customer?.invoice_settings.default_payment_method === id) {
      customer.invoice_settings.default_payment_method = null;
    }
    method.customer = null;
    return method;
  }

  setupIntent(id: string): Stripe.SetupIntent | StripeFailure {
    return this.setupIntents.get(id) ?? noSuch('setup_intent', id, 'intent');
  }

  /** The hosted page's "Save card": a card attached to the customer by a succeeded SetupIntent. */
  saveCard(customerId: string, card: TestCard, metadata: Stripe.Metadata): Stripe.SetupIntent {
    const created = this.now();
    const test = TEST_CARDS[card];
    const expiry = new Date((created + 3 * 365 * 86_400) * 1000);
    const method: Stripe.PaymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'always',
      billing_details: { address: null, email: null, name: 'Stand-in Payer', phone: null, tax_id: null },
      card: {
        brand: test.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: test.brand,
        exp_month: expiry.getUTCMonth() + 1,
        exp_year: expiry.getUTCFullYear(),
        funding: 'credit',
        generated_from: null,
        last4: test.last4,
        networks: { available: [test.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created,
      customer: customerId,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(method.id, method);
    const intent: Stripe.SetupIntent = {
      id: newId('seti_'),
      object: 'setup_intent',
      allowed_payment_method_types: null,
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: null,
      created,
      customer: customerId,
      customer_account: null,
      description: null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: method.id,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'succeeded',
      usage: 'off_session',
    };
    this.setupIntents.set(intent.id, intent);
    return intent;
  }

  /** `POST /v1/checkout/sessions` in `setup` mode: its customer must exist. */
  checkSetupCustomer(form: FormObject): string | StripeFailure {
    if (typeof form.customer !== 'string') return missingParam('customer');
    if (!this.customers.has(form.customer)) return noSuch('customer', form.customer, 'customer');
    return form.customer;
  }
}
