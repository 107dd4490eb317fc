import { describe, expect, it } from 'vitest';
import {
  billStatusLabel,
  creditEntryKindLabel,
  invoiceStatusLabel,
  NOTIFICATION_OUTCOMES,
  notificationOutcomeLabel,
  orderKindLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  perStripeIntervalLabel,
  planChoiceLabel,
  planKindLabel,
  planStatusLabel,
  refundStatusLabel,
  stripeIntentStatusLabel,
  stripeInvoiceStatusLabel,
  stripeScheduleActionLabel,
  stripeScheduleEndBehaviorLabel,
  stripeScheduleStatusLabel,
  stripeSubscriptionActionLabel,
  stripeSubscriptionStatusLabel,
  subscriptionEventLabel,
  subscriptionStatusLabel,
  usageStatusLabel,
  validityUnitLabel,
} from '../../widgets/billing-labels/billing-labels';
import { permissionLabel } from './access-labels';
import { signInMethodLabel, socialProviderLabel, themeLabel } from './account-labels';
import {
  AI_SOURCE_KINDS,
  aiModelKindLabel,
  aiOutputTypeLabel,
  aiSourceKindLabel,
  cellStatusLabel,
  columnRunStatusLabel,
} from './ai-table-labels';
import { runStatusLabel } from './analysis-labels';
import { backupTriggerLabel, mismatchKindLabel, restorePhaseLabel } from './backup-labels';
import { cacheBackendLabel } from './cache-labels';
import { certificateStatusLabel } from './certificate-labels';
import {
  callOutcomeLabel,
  externalApiLabel,
  freshnessLabel,
  googleServiceLabel,
  syncPhaseLabel,
  syncStatusLabel,
} from './connector-labels';
import { helpIconLabel, helpPlacementLabel, helpTriggerLabel } from './help-labels';
import { jobStatusLabel, resultLabel } from './log-labels';
import { emailStatusLabel, messageLevelLabel, noticeStatusLabel } from './message-labels';
import { restTokenStatusLabel } from './open-api-labels';
import { SEEDED_TEXTS, seededText } from './seeded-labels';
import { columnTypeLabel, datasetStatusLabel, importModeLabel, uploadErrorLabel } from './storage-labels';
import { projectRoleLabel, projectScopeLabel, teamRoleLabel } from './team-labels';
import type { Translate } from './translate';

/**
 * Issue 18, gate 2: every enum of the contract that reaches the UI has a label in each of the four
 * languages, from one place. The contract is read whole: an enum anywhere in an endpoint's
 * params, query, body or answer, or exported on its own, must be labelled here or said not to be
 * shown (with why). A new enum fails this test until it is one or the other.
 */

const contract = import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/src/**/*.ts', {
  eager: true,
});

interface ZodLike {
  _zod?: { def: Record<string, unknown> };
}

/** Every enum reachable from `schema`, as its sorted values, with where it was found. */
function collectEnums(schema: unknown, where: string, found: Map<string, string>, seen: Set<unknown>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as ZodLike)._zod?.def;
  if (!def) return;
  const walk = (inner: unknown, suffix = ''): void => collectEnums(inner, `${where}${suffix}`, found, seen);
  switch (def.type) {
    case 'enum': {
      const key = Object.values(def.entries as Record<string, string>)
        .sort()
        .join(',');
      if (!found.has(key)) found.set(key, where);
      return;
    }
    case 'object':
      for (const [field, inner] of Object.entries(def.shape as Record<string, unknown>))
        walk(inner, `.${field}`);
      return;
    case 'array':
      walk(def.element, '[]');
      return;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      return;
    case 'record':
      walk(def.valueType, '{}');
      return;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType);
      return;
    default:
      return;
  }
}

function contractEnums(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, exports] of Object.entries(contract)) {
    const short = file.replace(/^.*packages\/contract\/src\//, '');
    for (const [name, value] of Object.entries(exports)) {
      const endpoint = value as Record<string, unknown> | null;
      if (endpoint && typeof endpoint === 'object' && 'method' in endpoint && 'path' in endpoint) {
        for (const part of ['params', 'query', 'body', 'response']) {
          collectEnums(endpoint[part], `${short} ${name}.${part}`, found, new Set());
        }
      } else {
        collectEnums(value, `${short} ${name}`, found, new Set());
      }
    }
  }
  return found;
}

type Labeller = (value: string, t: Translate) => string;

/** Enums people read, each with its one labeller. */
const LABELLED: [name: string, values: string[], label: Labeller][] = [
  ['team role', ['owner', 'admin', 'member'], teamRoleLabel],
  ['cache backend', ['memory', 'redis', 'database'], cacheBackendLabel],
  ['REST token status', ['active', 'expired', 'revoked'], restTokenStatusLabel],
  ['backup trigger', ['manual', 'scheduled'], backupTriggerLabel],
  [
    'restore phase',
    [
      'idle',
      'draining',
      'waiting_writers',
      'database',
      'files',
      'analytics',
      'checking',
      'completed',
      'failed',
    ],
    restorePhaseLabel,
  ],
  ['restore mismatch kind', ['table', 'file', 'analytics'], mismatchKindLabel],
  ['project and invite role', ['admin', 'member'], projectRoleLabel],
  ['project scope', ['team', 'shared'], projectScopeLabel],
  ['message level', ['important', 'warning', 'special', 'other'], messageLevelLabel],
  ['e-mail status', ['queued', 'sent', 'failed', 'not_sent'], emailStatusLabel],
  ['notice status', ['scheduled', 'active', 'ended'], noticeStatusLabel],
  ['job run status', ['running', 'completed', 'failed'], jobStatusLabel],
  ['analysis run status', ['running', 'succeeded', 'failed'], runStatusLabel],
  ['operation or upload result', ['success', 'failure'], resultLabel],
  [
    'upload error',
    ['empty_file', 'size_limit', 'space_size_limit', 'type_limit', 'upload_failed'],
    uploadErrorLabel,
  ],
  ['dataset status', ['importing', 'ready', 'failed'], datasetStatusLabel],
  ['dataset column type', ['date', 'number', 'percent', 'currency', 'text'], columnTypeLabel],
  ['query column type', ['date', 'number', 'percent', 'money', 'text'], columnTypeLabel],
  ['dataset import mode', ['create', 'replace', 'append'], importModeLabel],
  ['sync status', ['idle', 'queued', 'running', 'waiting', 'succeeded', 'failed'], syncStatusLabel],
  ['sync phase', ['backfill', 'incremental'], syncPhaseLabel],
  ['data freshness', ['fresh', 'stale', 'none'], freshnessLabel],
  ['external call outcome', ['ok', 'quota', 'auth', 'error', 'unreachable'], callOutcomeLabel],
  [
    'external API',
    [
      'oauth.token',
      'oauth.refresh',
      'oauth.revoke',
      'oauth.userinfo',
      'analytics_admin.account_summaries',
      'analytics_data.run_report',
      'search_console.sites',
      'search_console.search_analytics',
      'google_ads.list_accessible_customers',
      'google_ads.search_stream',
    ],
    externalApiLabel,
  ],
  ['Google service', ['ga', 'gsc', 'gads'], googleServiceLabel],
  ['theme', ['light', 'dark'], themeLabel],
  ['sign-in method', ['password', 'totp', 'recovery_code', 'sign_up'], signInMethodLabel],
  ['second factor', ['totp', 'recovery_code'], signInMethodLabel],
  ['social provider', ['google', 'wechat'], socialProviderLabel],
  ['validity unit', ['day', 'month', 'year'], validityUnitLabel],
  ['order and bill status', ['unpaid', 'paid', 'expired', 'canceled', 'refunded'], billStatusLabel],
  ['order kind', ['subscribe', 'renew', 'upgrade', 'downgrade', 'buy'], orderKindLabel],
  ['plan kind', ['subscription', 'credit_pack'], planKindLabel],
  ['plan status', ['active', 'archived'], planStatusLabel],
  [
    'plan choice',
    ['current', 'subscribe', 'renew', 'upgrade', 'downgrade', 'switch_period', 'buy', 'unavailable'],
    // A switch of period is named by the plan's period: here a yearly one.
    (choice, t) => planChoiceLabel({ choice, validity: 1, validity_unit: 'year' }, t),
  ],
  [
    'subscription status',
    ['active', 'scheduled', 'expired', 'canceled', 'replaced'],
    subscriptionStatusLabel,
  ],
  [
    'subscription event',
    [
      'start',
      'subscribe',
      'renew',
      'upgrade',
      'downgrade_scheduled',
      'downgrade',
      'extend',
      'cancel',
      'expire',
      'refund',
      'free_renew',
    ],
    subscriptionEventLabel,
  ],
  ['invoice status', ['requested', 'issued', 'rejected'], invoiceStatusLabel],
  [
    'payment status',
    ['pending', 'captured', 'failed', 'canceled', 'refunded', 'returned'],
    paymentStatusLabel,
  ],
  ['payment method', ['sandbox', 'stripe', 'wechatpay', 'alipay'], paymentMethodLabel],
  ['refund status', ['pending', 'succeeded', 'failed'], refundStatusLabel],
  ['certificate status', ['valid', 'expiring', 'expired'], certificateStatusLabel],
  [
    'Stripe payment intent status',
    [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
      'processing',
      'requires_capture',
      'canceled',
      'succeeded',
    ],
    stripeIntentStatusLabel,
  ],
  [
    'Stripe subscription status',
    ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'],
    stripeSubscriptionStatusLabel,
  ],
  ['Stripe invoice status', ['draft', 'open', 'paid', 'uncollectible', 'void'], stripeInvoiceStatusLabel],
  [
    'Stripe subscription interval',
    ['day', 'week', 'month', 'year'],
    (interval, t) => perStripeIntervalLabel(1, interval, t),
  ],
  ['Stripe subscription action', ['cancel_at_period_end', 'resume', 'sync'], stripeSubscriptionActionLabel],
  [
    'Stripe schedule status',
    ['not_started', 'active', 'completed', 'released', 'canceled'],
    stripeScheduleStatusLabel,
  ],
  ['Stripe schedule end behavior', ['release', 'cancel'], stripeScheduleEndBehaviorLabel],
  ['Stripe schedule action', ['release', 'cancel'], stripeScheduleActionLabel],
  ['credit entry kind', ['grant', 'purchase', 'usage', 'refund', 'expire', 'adjust'], creditEntryKindLabel],
  ['usage log status', ['settled', 'released'], usageStatusLabel],
  ['help tag icon', ['question', 'info', 'exclamation', 'bulb', 'book'], helpIconLabel],
  [
    'help popover placement',
    ['top', 'bottom', 'left', 'right', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight'],
    helpPlacementLabel,
  ],
  ['help popover trigger', ['hover', 'click'], helpTriggerLabel],
  ['AI column output type', ['text', 'number', 'label', 'ad_copy'], aiOutputTypeLabel],
  ['AI cell status', ['empty', 'queued', 'running', 'done', 'failed'], cellStatusLabel],
  ['AI column run status', ['running', 'paused', 'done', 'cancelled'], columnRunStatusLabel],
  [
    'AI column model kind',
    ['llm_openai_compatible', 'llm_anthropic', 'llm_gemini', 'offline'],
    aiModelKindLabel,
  ],
];

/**
 * Values the server sends in a field the contract types as a plain string (it should be an enum
 * there): labelled and checked the same way, without the contract coverage check.
 */
const SERVER_VALUES: [name: string, values: readonly string[], label: Labeller][] = [
  ['payment notification outcome', NOTIFICATION_OUTCOMES, notificationOutcomeLabel],
  // The contract spells an AI table's source kinds as the literals of a discriminated union.
  ['AI table source kind', AI_SOURCE_KINDS, aiSourceKindLabel],
];

/** Enums of the contract no page shows as a value, and why; a page that starts to must move it to LABELLED. */
const NOT_SHOWN: [values: string[], why: string][] = [
  [
    ['failed', 'ok'],
    "readiness checks are read by a load balancer or an operator's probe (/api/ready), never a page",
  ],
  [['open', 'all'], "the API document's type is a path segment of /doc/{type}/apis, never shown as a value"],
  [
    ['success', 'info', 'warning', 'error'],
    "the envelope's msg_type picks the kind of notice, whose text is msg",
  ],
  [
    ['yyyy-MM-dd hh:mm:ss', 'yyyy-MM', 'yyyy-MM-dd', 'yyyy-MM-dd hh'],
    'date formats are offered as a sample date',
  ],
  [
    ['en_US', 'zh_CN', 'zh_HK', 'fr_FR'],
    'languages are named in their own language by the server (languages[].display)',
  ],
  [
    ['valid', 'expired', 'used', 'revoked'],
    'the accept pages turn an invite state into a sentence (widgets/invites)',
  ],
  [['and', 'or'], 'how the filter drawer joins conditions; never shown'],
  [
    ['int', 'float', 'string', 'str', 'option', 'check_list'],
    "the filter builder draws a control for a field's value type; never shown as a word",
  ],
  [
    ['str', 'text', 'list', 'bool', 'int', 'float', 'option', 'check_list', 'date'],
    "the parameter form draws a control for a parameter's type; never shown as a word",
  ],
  [
    ['table', 'chart', 'markdown', 'file'],
    "a workflow's render steps; a run shows the parts they make, not their kinds",
  ],
  [
    ['ga', 'gsc', 'gads', 'file'],
    "a function's sources; the page shows the function's description and each part's source",
  ],
  [
    ['eq', 'ne', 'in', 'not_in', 'contains', 'not_contains', 'gt', 'gte', 'lt', 'lte', 'between'],
    'filter operators travel in the query; the drawer shows controls',
  ],
  [
    [
      'api_host',
      'chat_rate_limit',
      'currency',
      'default_lang',
      'default_plan',
      'dev_test',
      'gads_enable',
      'google_ga_enable',
      'google_gsc_enable',
      'location_val',
      'main_bound_key',
      'sign_up_enable',
      'team_name',
      'upload_limits',
      'usePostHog_enable',
    ],
    'each dynamic config is named by the page (settingTexts) and shown as a code',
  ],
  [['connectors', 'global', 'runtime'], "dynamic config groups: the page's card titles"],
  [['bool', 'enum', 'int', 'json', 'string'], "a dynamic config's type picks its control; never shown"],
  [['definition', 'environment'], "a dynamic config's default source: a sentence on the page"],
  [['enter', 'heartbeat', 'leave'], 'editing presence calls'],
  [
    ['google_oauth', 'llm_openai_compatible', 'llm_anthropic', 'llm_gemini', 'stripe', 'wechatpay', 'alipay'],
    'each foreign key comes with its label from the server',
  ],
  [['saved', 'env', 'none'], 'the foreign keys page words each source as a sentence tag'],
  [
    [
      'today',
      'yesterday',
      'last_7_days',
      'last_30_days',
      'last_90_days',
      'last_365_days',
      'last_calendar_year',
      'this_month_so_far',
      'last_month',
      'this_quarter_so_far',
      'last_quarter',
      'this_year_to_date',
      'last_week',
    ],
    'analytics query ranges: no page picks them yet (the chat builds queries; results carry their labels)',
  ],
  [['prefix', 'contains'], 'how a value lookup matches what was typed; travels in the query'],
  [['bar', 'line'], 'chart intents: the server builds the chart from them; never shown as a value'],
  [['csv', 'xlsx'], 'export formats: the buttons name them as file types (CSV, XLSX)'],
  [
    ['user', 'assistant'],
    "a chat message's author: the chat lays them out, never names them (no chat page yet)",
  ],
  [
    ['streaming', 'done', 'stopped', 'failed'],
    "a reply's state: no chat page shows it yet (issue 24 labels it when the page does)",
  ],
  [
    ['done', 'stopped', 'failed'],
    "a reply's cost frame: the chat shows the credits, not how the reply ended",
  ],
  [
    ['upload', 'generated'],
    "a file's origin: the storage page tags a generated file with the word Generated beside its name",
  ],
  [['preceding', 'yoy', 'mom'], 'analytics comparisons: no page picks them yet'],
  [['team', 'demo'], 'analytics origin: no page shows it yet'],
  [['asc', 'desc'], 'sort directions travel in queries'],
  [
    ['dimension', 'value', 'previous', 'change', 'change_pct'],
    "result columns' roles: charts read them, never shown",
  ],
  [['current', 'previous'], "result ranges' roles: never shown"],
  [['attachment', 'inline'], 'how a file link opens'],
  [['pc_web', 'wx_web', 'mb_web'], 'which device a payment starts on'],
  [['cn', 'global'], 'the payment location picks the buttons'],
  [['redirect', 'qrcode', 'form'], "a provider's payment flow picks the dialog's step"],
  [['pay', 'fail', 'cancel'], "the sandbox provider's hosted page buttons (server-rendered)"],
  [['deleted', 'archived'], 'the answer to deleting a plan picks the message'],
  [['hour', 'day'], "the interfaces chart's bucket"],
  [['google'], 'the third-party platform parameter'],
  [['bind', 'reconnect'], 'connector flows'],
  [['bind', 'login'], 'WeChat flows'],
  [['base', 'bind', 'login'], 'WeChat flows'],
  [['sign_in', 'bind', 'base'], 'social callback purposes pick where to go'],
  [
    [
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'RATE_LIMITED',
      'INSUFFICIENT_CREDITS',
      'BEARER_TOKEN_ERROR',
      'SERVER_ERROR',
      'MAINTENANCE',
    ],
    'error codes: the error catalogue shows their messages',
  ],
  [['OK', 'BEARER_TOKEN_ERROR', 'UNAUTHORIZED', 'FORBIDDEN'], 'permission answers decide redirects'],
  [['user_basic', 'adm_data_editing'], 'event stream topics'],
  [['user_basic'], 'event stream topics'],
  [
    ['ai', 'data'],
    "an AI table column's kind: the grid puts data columns first and heads AI ones with a mark",
  ],
  [['number', 'text'], "how a data column's values read: the grid aligns and filters them by it"],
  [
    ['empty', 'failed', 'all'],
    'which cells a run makes: the buttons say it (Run, Re-run failed, Re-run all)',
  ],
  [['pause', 'resume', 'cancel'], 'run controls: the buttons name them'],
  [['false', 'true'], "the translations grid's 'Missing only' switch sends it"],
  [['json', 'po'], 'file formats: the export menu names them (Export JSON, Export PO)'],
];

const keyOf = (values: readonly string[]) => [...values].sort().join(',');

const seedFiles = import.meta.glob<Record<string, string>>(
  '../../../../server/src/modules/i18n/seed/*.json',
  {
    import: 'default',
    eager: true,
  },
);

function seedFor(loc: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [file, table] of Object.entries(seedFiles))
    if (file.endsWith(`.${loc}.json`)) Object.assign(merged, table);
  return merged;
}

/** A `t` over one language's seeds that fails on a msgid the seeds lack. */
function translatorFor(loc: string): Translate {
  const seed = seedFor(loc);
  return (msgid, options) => {
    const text = loc === 'en_US' ? msgid : seed[msgid];
    if (!text) throw new Error(`${loc} lacks "${msgid}"`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
  };
}

const LOCALES = ['en_US', 'zh_CN', 'zh_HK', 'fr_FR'];

describe('labels of values (issue 18, gate 2)', () => {
  it('labels every enum of the contract, or says why no page shows it', () => {
    const labelled = new Set(LABELLED.map(([, values]) => keyOf(values)));
    const notShown = new Set(NOT_SHOWN.map(([values]) => keyOf(values)));
    const unaccounted = [...contractEnums()].filter(([key]) => !labelled.has(key) && !notShown.has(key));
    expect(unaccounted.map(([key, where]) => `${where}: ${key}`)).toEqual([]);
  });

  it('lists only enums the contract still has', () => {
    const enums = contractEnums();
    const stale = [...LABELLED.map(([, values]) => values), ...NOT_SHOWN.map(([values]) => values)].filter(
      (values) => !enums.has(keyOf(values)),
    );
    expect(stale).toEqual([]);
  });

  it.each(LOCALES)('%s: every value has its own label, translated in the seeds', (loc) => {
    const t = translatorFor(loc);
    for (const [name, values, label] of [...LABELLED, ...SERVER_VALUES]) {
      const labels = values.map((value) => label(value, t));
      for (const [index, text] of labels.entries()) {
        // A value left to the default branch comes back as the raw wire value.
        expect(text, `${loc} ${name} ${values[index]}`).not.toBe(values[index]);
        expect(text.length, `${loc} ${name} ${values[index]}`).toBeGreaterThan(0);
      }
      expect(new Set(labels).size, `${loc} ${name}: two values share a label`).toBe(values.length);
    }
    for (const rule of ['public', 'signed_in', 'admin_area']) {
      expect(permissionLabel(rule, t), `${loc} permission ${rule}`).not.toBe(rule);
    }
  });

  it.each(LOCALES)('%s: the names and descriptions the product seeds read in the language', (loc) => {
    const t = translatorFor(loc);
    for (const text of SEEDED_TEXTS)
      expect(seededText(text, t).length, `${loc} "${text}"`).toBeGreaterThan(0);
  });

  it('shows what an admin wrote as written', () => {
    const t = translatorFor('zh_CN');
    expect(seededText('Free', t)).not.toBe('Free');
    expect(seededText('Growth plan', t)).toBe('Growth plan');
  });
});
