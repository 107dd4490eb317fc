import {
  FOREIGN_KEY_KINDS,
  type ForeignKeyKindName,
  type ForeignKeyView,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import type { Config } from '../../config';
import { validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { Sealer } from '../../platform/sealed';
import { VersionedCache } from '../../platform/versioned-cache';
import { alipayValueProblems } from './alipay-api';
import { certificateExpiries } from './certificate-expiry';
import {
  deleteForeignKey,
  type ForeignKeyRow,
  findForeignKey,
  findForeignKeys,
  recordTest,
  upsertForeignKey,
} from './foreign-keys.repo';
import { runTest } from './testers';
import { wechatpayValueProblems } from './wechatpay-api';

type Values = Record<string, string>;

/** Values an operator may seed through the environment instead of the page. */
const ENV_SEEDS: Record<ForeignKeyKindName, (config: Config) => Values> = {
  google_oauth: (config) => ({
    ...(config.GOOGLE_CLIENT_ID ? { client_id: config.GOOGLE_CLIENT_ID } : {}),
    ...(config.GOOGLE_CLIENT_SECRET ? { client_secret: config.GOOGLE_CLIENT_SECRET } : {}),
    ...(config.GOOGLE_ADS_DEVELOPER_TOKEN ? { ads_developer_token: config.GOOGLE_ADS_DEVELOPER_TOKEN } : {}),
  }),
  llm_openai_compatible: (config) => ({
    ...(config.LLM_BASE_URL ? { base_url: config.LLM_BASE_URL } : {}),
    ...(config.LLM_API_KEY ? { api_key: config.LLM_API_KEY } : {}),
    ...(config.LLM_MODEL ? { model: config.LLM_MODEL } : {}),
  }),
  llm_anthropic: (config) => ({
    ...(config.LLM_ANTHROPIC_BASE_URL ? { base_url: config.LLM_ANTHROPIC_BASE_URL } : {}),
    ...(config.LLM_ANTHROPIC_API_KEY ? { api_key: config.LLM_ANTHROPIC_API_KEY } : {}),
    ...(config.LLM_ANTHROPIC_MODEL ? { model: config.LLM_ANTHROPIC_MODEL } : {}),
  }),
  llm_gemini: (config) => ({
    ...(config.LLM_GEMINI_BASE_URL ? { base_url: config.LLM_GEMINI_BASE_URL } : {}),
    ...(config.LLM_GEMINI_API_KEY ? { api_key: config.LLM_GEMINI_API_KEY } : {}),
    ...(config.LLM_GEMINI_MODEL ? { model: config.LLM_GEMINI_MODEL } : {}),
  }),
  stripe: (config) => ({
    ...(config.STRIPE_SECRET_KEY ? { secret_key: config.STRIPE_SECRET_KEY } : {}),
    ...(config.STRIPE_WEBHOOK_SECRET ? { webhook_secret: config.STRIPE_WEBHOOK_SECRET } : {}),
    ...(config.STRIPE_WEBHOOK_SECRET_PREVIOUS
      ? { webhook_secret_previous: config.STRIPE_WEBHOOK_SECRET_PREVIOUS }
      : {}),
    ...(config.STRIPE_BASE_URL ? { base_url: config.STRIPE_BASE_URL } : {}),
  }),
  wechatpay: (config) =>
    present({
      mchid: config.WECHATPAY_MCHID,
      appid: config.WECHATPAY_APPID,
      jsapi_appid: config.WECHATPAY_JSAPI_APPID,
      merchant_private_key: pem(config.WECHATPAY_MERCHANT_PRIVATE_KEY),
      merchant_serial: config.WECHATPAY_MERCHANT_SERIAL,
      apiv3_key: config.WECHATPAY_APIV3_KEY,
      public_key_id: config.WECHATPAY_PUBLIC_KEY_ID,
      public_key: pem(config.WECHATPAY_PUBLIC_KEY),
      base_url: config.WECHATPAY_BASE_URL,
    }),
  alipay: (config) =>
    present({
      app_id: config.ALIPAY_APP_ID,
      app_private_key: pem(config.ALIPAY_APP_PRIVATE_KEY),
      alipay_public_key: pem(config.ALIPAY_PUBLIC_KEY),
      base_url: config.ALIPAY_BASE_URL,
      gateway: config.ALIPAY_GATEWAY,
    }),
};

/** The values that are set. */
function present(values: Record<string, string | undefined>): Values {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** A key given in one environment line, its line breaks written `\n`. */
function pem(value: string | undefined): string | undefined {
  return value?.replaceAll('\\n', '\n');
}

/**
 * Checks of a kind's values beyond required fields and choices, by field, on save: values that
 * cannot work (a 31-byte APIv3 key, a public key that is the app's own) are refused naming the
 * field, before anyone pays with them.
 */
const VALUE_CHECKS: Partial<Record<ForeignKeyKindName, (values: Values) => Record<string, string>>> = {
  wechatpay: wechatpayValueProblems,
  alipay: alipayValueProblems,
};

const sealers = new WeakMap<Platform, Sealer>();
function sealer(platform: Platform): Sealer {
  let found = sealers.get(platform);
  if (!found) {
    found = new Sealer(platform.secret, 'foreign-keys');
    sealers.set(platform, found);
  }
  return found;
}

function kindOf(kind: ForeignKeyKindName) {
  const def = FOREIGN_KEY_KINDS.find((k) => k.kind === kind);
  if (!def) throw validationError({ kind: 'Unknown kind of key' });
  return def;
}

function openValues(platform: Platform, row: ForeignKeyRow | null): Values | null {
  if (!row) return null;
  return JSON.parse(sealer(platform).open(row.sealed)) as Values;
}

/** A secret is shown as dots and its last four characters: enough to tell two keys apart. */
function mask(value: string): string {
  return `••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

/** How long the page waits for WeChat Pay's platform certificates (downloaded at most every 12 h). */
const CERTIFICATES_WAIT_MS = 3000;

async function toView(
  platform: Platform,
  kind: ForeignKeyKindName,
  row: ForeignKeyRow | null,
): Promise<ForeignKeyView> {
  const def = kindOf(kind);
  const saved = openValues(platform, row);
  const seeded = ENV_SEEDS[kind](platform.config);
  const values = saved ?? seeded;
  const source = saved ? 'saved' : Object.keys(seeded).length > 0 ? 'env' : 'none';
  return {
    kind,
    label: def.label,
    source,
    fields: def.fields.map((field) => {
      const value = values[field.key];
      return {
        key: field.key,
        label: field.label,
        secret: field.secret,
        required: field.required,
        ...('choices' in field && field.choices ? { choices: [...field.choices] } : {}),
        ...('multiline' in field && field.multiline ? { multiline: true } : {}),
        shown: value ? (field.secret ? mask(value) : value) : null,
      };
    }),
    certificates: await certificateExpiries(platform, kind, values, new Date(), CERTIFICATES_WAIT_MS),
    updated_at: row ? toSeconds(row.updatedAt) : null,
    updated_by: row?.updatedByEmail ?? null,
    last_test:
      row?.lastTestAt && row.lastTestOk !== null && row.lastTestMessage !== null
        ? { ok: row.lastTestOk, message: row.lastTestMessage, tested_at: toSeconds(row.lastTestAt) }
        : null,
  };
}

/**
 * The saved credentials are read on every model call and every call to Google, so the vault is
 * kept in memory per `foreign_key` version (each write moves it in its transaction, and every
 * instance hears of it), its values opened once per version.
 */
const vaults = new WeakMap<Platform, VersionedCache<Map<string, Values | Error | null>>>();

function vault(platform: Platform): VersionedCache<Map<string, Values | Error | null>> {
  let found = vaults.get(platform);
  if (!found) {
    found = new VersionedCache<Map<string, Values | Error | null>>(
      platform.db,
      {
        key: 'foreign_key',
        initial: new Map(),
        // A row that cannot be opened (sealed with another secret) fails its own kind's reads only.
        load: async () =>
          new Map<string, Values | Error | null>(
            (await findForeignKeys(platform.db)).map((row): [string, Values | Error | null] => {
              try {
                return [row.kind, openValues(platform, row)];
              } catch (error) {
                return [row.kind, error instanceof Error ? error : new Error(String(error))];
              }
            }),
          ),
      },
      platform.changes,
    );
    vaults.set(platform, found);
  }
  return found;
}

async function savedValues(platform: Platform, kind: ForeignKeyKindName): Promise<Values | null> {
  const cache = vault(platform);
  await cache.fresh();
  const values = cache.current.get(kind);
  if (values instanceof Error) throw values;
  // A copy: a caller may not change what the next caller reads.
  return values ? { ...values } : null;
}

/**
 * The credentials of one kind, for the feature that uses them (Google sign-in and connectors,
 * later payments, mail, storage, models): the saved ones, else the environment's, else null.
 */
export async function readForeignKey(platform: Platform, kind: ForeignKeyKindName): Promise<Values | null> {
  const saved = await savedValues(platform, kind);
  if (saved) return saved;
  const seeded = ENV_SEEDS[kind](platform.config);
  return Object.keys(seeded).length > 0 ? seeded : null;
}

export async function listForeignKeys(platform: Platform): Promise<{ items: ForeignKeyView[] }> {
  const rows = await findForeignKeys(platform.db);
  return {
    items: await Promise.all(
      FOREIGN_KEY_KINDS.map((def) =>
        toView(platform, def.kind, rows.find((row) => row.kind === def.kind) ?? null),
      ),
    ),
  };
}

/**
 * Saves one kind: an empty secret keeps the saved one (the page never has it to send back),
 * unknown fields and missing required ones are refused naming the field. The operation record
 * says which fields changed, never their values.
 */
export async function saveForeignKey(
  platform: Platform,
  ctx: SignedInContext,
  kind: ForeignKeyKindName,
  input: Values,
): Promise<ForeignKeyView> {
  const def = kindOf(kind);
  for (const key of Object.keys(input)) {
    if (!def.fields.some((field) => field.key === key))
      throw validationError({ [`values.${key}`]: 'Unknown field' });
  }
  // The repo moves the vault's version with the write; this instance drops its copy at once.
  await vault(platform).change(() =>
    audited(
      platform.db,
      ctx,
      { action: 'foreign_key.save', targetType: 'foreign_key', targetId: kind },
      async (tx) => {
        const before = openValues(platform, await findForeignKey(tx, kind)) ?? {};
        const next: Values = {};
        const changed: string[] = [];
        for (const field of def.fields) {
          const given = input[field.key];
          const value =
            given === undefined || (given === '' && field.secret) ? (before[field.key] ?? '') : given;
          if (field.required && !value)
            throw validationError({ [`values.${field.key}`]: `${field.label} is required` });
          if (value && 'choices' in field && !(field.choices as readonly string[]).includes(value))
            throw validationError({ [`values.${field.key}`]: 'Not one of the values this field takes' });
          if (value) next[field.key] = value;
          if ((before[field.key] ?? '') !== value) changed.push(field.key);
        }
        const problems = VALUE_CHECKS[kind]?.(next) ?? {};
        if (Object.keys(problems).length > 0) {
          throw validationError(
            Object.fromEntries(Object.entries(problems).map(([key, problem]) => [`values.${key}`, problem])),
          );
        }
        await upsertForeignKey(tx, kind, sealer(platform).seal(JSON.stringify(next)), ctx.user.id);
        return { result: undefined, after: { changed_fields: changed } };
      },
    ),
  );
  return await toView(platform, kind, await findForeignKey(platform.db, kind));
}

export async function clearForeignKey(
  platform: Platform,
  ctx: SignedInContext,
  kind: ForeignKeyKindName,
): Promise<ForeignKeyView> {
  await vault(platform).change(() =>
    audited(
      platform.db,
      ctx,
      { action: 'foreign_key.clear', targetType: 'foreign_key', targetId: kind },
      async (tx) => ({
        result: undefined,
        after: { cleared: await deleteForeignKey(tx, kind) },
      }),
    ),
  );
  return await toView(platform, kind, null);
}

/** Tries the credentials in force (saved or seeded) against the provider; the outcome is kept. */
export async function testForeignKey(platform: Platform, ctx: SignedInContext, kind: ForeignKeyKindName) {
  const values = await readForeignKey(platform, kind);
  const outcome = values
    ? await runTest(kind, values, platform.config)
    : { ok: false, message: 'Nothing to test yet' };
  if (await findForeignKey(platform.db, kind)) await recordTest(platform.db, kind, outcome);
  await audited(
    platform.db,
    ctx,
    { action: 'foreign_key.test', targetType: 'foreign_key', targetId: kind },
    async () => ({
      result: undefined,
      after: { ok: outcome.ok },
    }),
  );
  return {
    ok: outcome.ok,
    message: ctx.t(outcome.message),
    key: await toView(platform, kind, await findForeignKey(platform.db, kind)),
  };
}
