import {
  DYNAMIC_CONFIGS,
  type DynamicConfig,
  type DynamicConfigKey,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import { bumpVersion } from '../../platform/versions';
import { type DynamicConfigRow, findDynamicConfigs, upsertDynamicConfig } from './dynamic-configs.repo';

type Values = Map<string, DynamicConfigRow>;

/**
 * Read on hot paths (basic infos, every connector call), so kept in memory per `dynamic_config`
 * version: a change bumps it in its transaction and every instance hears of it on the change feed.
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

function defOf(key: DynamicConfigKey) {
  const def = DYNAMIC_CONFIGS.find((d) => d.key === key);
  if (!def) throw new Error(`unknown dynamic config ${key}`);
  return def;
}

function settingValue(key: DynamicConfigKey, row: DynamicConfigRow | undefined): boolean {
  return typeof row?.value === 'boolean' ? row.value : defOf(key).default_value;
}

/** A setting's value now (its default until an admin changes it). */
export async function readDynamicConfig(platform: Platform, key: DynamicConfigKey): Promise<boolean> {
  const values = cache(platform);
  await values.fresh();
  return settingValue(key, values.current.get(key));
}

function toView(key: DynamicConfigKey, row: DynamicConfigRow | undefined): DynamicConfig {
  const def = defOf(key);
  return {
    key,
    label: def.label,
    description: def.description,
    type: def.type,
    value: settingValue(key, row),
    default_value: def.default_value,
    updated_at: row ? toSeconds(row.updatedAt) : null,
    updated_by: row?.updatedByEmail ?? null,
  };
}

export async function listDynamicConfigs(platform: Platform, ctx: SignedInContext) {
  const rows = new Map((await findDynamicConfigs(platform.db)).map((row) => [row.key, row]));
  return {
    items: DYNAMIC_CONFIGS.map((def) => {
      const view = toView(def.key, rows.get(def.key));
      return { ...view, label: ctx.t(view.label), description: ctx.t(view.description) };
    }),
  };
}

/** Saves one setting with its operation record (before and after) and moves the version. */
export async function saveDynamicConfig(
  platform: Platform,
  ctx: SignedInContext,
  key: DynamicConfigKey,
  value: boolean,
): Promise<DynamicConfig> {
  await audited(
    platform.db,
    ctx,
    { action: 'dynamic_config.save', targetType: 'dynamic_config', targetId: key },
    async (tx) => {
      const { before } = await upsertDynamicConfig(tx, key, value, ctx.user.id);
      await bumpVersion(tx, 'dynamic_config');
      return { result: undefined, before: { value: before ?? defOf(key).default_value }, after: { value } };
    },
  );
  cache(platform).invalidate();
  const rows = await findDynamicConfigs(platform.db);
  const view = toView(
    key,
    rows.find((row) => row.key === key),
  );
  return { ...view, label: ctx.t(view.label), description: ctx.t(view.description) };
}
