import {
  DYNAMIC_CONFIGS,
  type DynamicConfigDef,
  type DynamicConfigKey,
  type DynamicConfigValue,
  dynamicConfigDef,
  VALUE_MESSAGES,
  valueSchema,
} from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import type { DynamicConfig, DynamicConfigChange } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { UPLOAD_MAX_FILES } from '@app/contract/storage/file-types';
import type { Config } from '../../config';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import { bumpVersion } from '../../platform/versions';
import {
  type DynamicConfigRow,
  findChange,
  findDynamicConfigs,
  findStoredValue,
  insertChange,
  listChanges,
  writeDynamicConfig,
} from './dynamic-configs.repo';

type Values = Map<string, DynamicConfigRow>;

/**
 * Read on hot paths (basic infos, uploads, chat messages, every connector call), so kept in memory
 * per `dynamic_config` version: a change bumps it in its transaction and every instance hears of
 * it on the change feed.
 */
const caches = new WeakMap<Platform, VersionedCache<Values>>();

function cache(platform: Platform): VersionedCache<Values> {
  let found = caches.get(platform);
  if (!found) {
    found = new VersionedCache<Values>(
      platform.db,
      {
        key: 'dynamic_config',
        initial: new Map(),
        load: async () => new Map((await findDynamicConfigs(platform.db)).map((row) => [row.key, row])),
      },
      platform.changes,
    );
    caches.set(platform, found);
  }
  return found;
}

type EnvConfig = Pick<Config, 'REGION' | 'NODE_ENV' | 'UPLOAD_MAX_BYTES'>;

/** The defaults the server's environment decides (region, NODE_ENV, UPLOAD_MAX_BYTES). */
function environmentDefault(config: EnvConfig, key: DynamicConfigKey): unknown {
  const cn = config.REGION === 'cn';
  switch (key) {
    case 'location_val':
      return config.REGION;
    case 'default_lang':
      return cn ? 'zh_CN' : 'en_US';
    case 'main_bound_key':
      // As social's mainBoundKey (not imported: social depends on auth, which reads these configs).
      return cn ? 'wechat' : 'email';
    case 'currency':
      return cn ? 'CNY' : 'USD';
    case 'dev_test':
      return config.NODE_ENV !== 'production';
    case 'upload_limits':
      return { max_files: UPLOAD_MAX_FILES, max_bytes: config.UPLOAD_MAX_BYTES };
    default:
      return undefined;
  }
}

function defaultOf(config: EnvConfig, def: DynamicConfigDef): unknown {
  if (!def.env_default) return def.default_value;
  return environmentDefault(config, def.key as DynamicConfigKey) ?? def.default_value;
}

/**
 * A stored value as its definition reads it; one that no longer fits (a definition changed since)
 * gives way to the default rather than reaching the code that reads it.
 */
function effectiveValue(config: EnvConfig, def: DynamicConfigDef, stored: unknown): unknown {
  if (stored === undefined || stored === null) return defaultOf(config, def);
  const parsed = valueSchema(def).safeParse(stored);
  return parsed.success ? parsed.data : defaultOf(config, def);
}

/** A setting's value now (its default until an admin changes it), typed by its definition. */
export async function readDynamicConfig<K extends DynamicConfigKey>(
  platform: Platform,
  key: K,
): Promise<DynamicConfigValue<K>> {
  const values = cache(platform);
  await values.fresh();
  return effectiveValue(
    platform.config,
    dynamicConfigDef(key),
    values.current.get(key)?.value,
  ) as DynamicConfigValue<K>;
}

const GLOBAL_KEYS = [
  'team_name',
  'location_val',
  'default_lang',
  'main_bound_key',
  'currency',
  'dev_test',
  'gads_enable',
  'api_host',
  'usePostHog_enable',
] as const satisfies readonly DynamicConfigKey[];

/** Spec section 3's global config, every key read from one fresh look at the cache. */
export async function readGlobalConfig(
  platform: Platform,
): Promise<{ [K in (typeof GLOBAL_KEYS)[number]]: DynamicConfigValue<K> }> {
  const values = cache(platform);
  await values.fresh();
  const read = (key: DynamicConfigKey) =>
    effectiveValue(platform.config, dynamicConfigDef(key), values.current.get(key)?.value);
  return Object.fromEntries(GLOBAL_KEYS.map((key) => [key, read(key)])) as {
    [K in (typeof GLOBAL_KEYS)[number]]: DynamicConfigValue<K>;
  };
}

/**
 * The same, read through `tx` for code already inside a transaction (never `platform.db` there).
 * `config` only for the keys whose default is the environment's.
 */
export async function readDynamicConfigIn<K extends DynamicConfigKey>(
  tx: Db | Tx,
  key: K,
  config?: EnvConfig,
): Promise<DynamicConfigValue<K>> {
  const def = dynamicConfigDef(key);
  if (def.env_default && !config) throw new Error(`${key} needs the environment for its default`);
  const env = config ?? { REGION: 'global', NODE_ENV: 'production', UPLOAD_MAX_BYTES: 0 };
  return effectiveValue(env, def, await findStoredValue(tx, key)) as DynamicConfigValue<K>;
}

function toView(
  platform: Platform,
  ctx: SignedInContext,
  def: DynamicConfigDef,
  row: DynamicConfigRow | undefined,
) {
  const view: DynamicConfig = {
    key: def.key as DynamicConfigKey,
    label: ctx.t(def.label),
    description: ctx.t(def.description),
    group: def.group,
    type: def.type,
    value: effectiveValue(platform.config, def, row?.value) as DynamicConfig['value'],
    default_value: defaultOf(platform.config, def) as DynamicConfig['default_value'],
    default_source: def.env_default ? 'environment' : 'definition',
    updated_at: row ? toSeconds(row.updatedAt) : null,
    updated_by: row?.updatedByEmail ?? null,
  };
  if (def.type === 'int') Object.assign(view, { min: def.min, max: def.max });
  if (def.type === 'string') view.max_length = def.max_length;
  if (def.type === 'enum') view.options = [...def.options];
  return view;
}

export async function listDynamicConfigs(platform: Platform, ctx: SignedInContext) {
  const rows = new Map((await findDynamicConfigs(platform.db)).map((row) => [row.key, row]));
  return { items: DYNAMIC_CONFIGS.map((def) => toView(platform, ctx, def, rows.get(def.key))) };
}

async function viewOf(
  platform: Platform,
  ctx: SignedInContext,
  key: DynamicConfigKey,
): Promise<DynamicConfig> {
  const rows = await findDynamicConfigs(platform.db);
  return toView(
    platform,
    ctx,
    dynamicConfigDef(key),
    rows.find((row) => row.key === key),
  );
}

/** Checks a value against its definition: a refused one names the field `value` and changes nothing. */
function checked(def: DynamicConfigDef, value: unknown): unknown {
  const parsed = valueSchema(def).safeParse(value);
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', { fields: { value: VALUE_MESSAGES[def.type] } });
  return parsed.data;
}

/**
 * Stores `value` (null: back to the default) with its history entry and operation record, and
 * moves the version so every instance reloads.
 */
async function change(
  platform: Platform,
  ctx: SignedInContext,
  key: DynamicConfigKey,
  value: unknown,
  action: 'dynamic_config.save' | 'dynamic_config.rollback',
  rollbackOf?: string,
): Promise<DynamicConfig> {
  const def = dynamicConfigDef(key);
  await audited(platform.db, ctx, { action, targetType: 'dynamic_config', targetId: key }, async (tx) => {
    const { before } = await writeDynamicConfig(tx, key, value, ctx.user.id);
    await insertChange(tx, { key, oldValue: before, newValue: value, changedBy: ctx.user.id, rollbackOf });
    await bumpVersion(tx, 'dynamic_config');
    return {
      result: undefined,
      before: { value: before ?? defaultOf(platform.config, def) },
      after: {
        value: value ?? defaultOf(platform.config, def),
        ...(rollbackOf ? { rollback_of: rollbackOf } : {}),
      },
    };
  });
  cache(platform).invalidate();
  return viewOf(platform, ctx, key);
}

/** Saves one setting after checking it against its definition. */
export function saveDynamicConfig(
  platform: Platform,
  ctx: SignedInContext,
  key: DynamicConfigKey,
  value: unknown,
): Promise<DynamicConfig> {
  return change(platform, ctx, key, checked(dynamicConfigDef(key), value), 'dynamic_config.save');
}

/**
 * Rolls back one change: the setting gets the value it had before it (the default, when none was
 * stored), checked against today's definition, and the rollback is itself a change in the history.
 */
export async function rollbackDynamicConfig(
  platform: Platform,
  ctx: SignedInContext,
  changeId: string,
): Promise<DynamicConfig> {
  const entry = await findChange(platform.db, changeId);
  const def = entry && DYNAMIC_CONFIGS.find((d) => d.key === entry.key);
  if (!entry || !def) throw new AppError('NOT_FOUND');
  const value = entry.oldValue === null ? null : checked(def, entry.oldValue);
  return change(platform, ctx, def.key, value, 'dynamic_config.rollback', entry.id);
}

export async function listDynamicConfigHistory(
  platform: Platform,
  query: { key?: DynamicConfigKey; page: number; page_size: number },
): Promise<{ items: DynamicConfigChange[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await listChanges(platform.db, {
    key: query.key,
    page: query.page,
    pageSize: query.page_size,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      key: row.key as DynamicConfigKey,
      old_value: row.oldValue as DynamicConfigChange['old_value'],
      new_value: row.newValue as DynamicConfigChange['new_value'],
      changed_by: row.changedByEmail,
      changed_at: toSeconds(row.changedAt),
      rollback_of: row.rollbackOf,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
