import { createHash } from 'node:crypto';
import { FUNC_CACHE_TTL_DEFAULT, type FuncCacheFunction } from '@app/contract/admin/caches/func-cache';
import { todayAt } from '@app/contract/analytics/date-ranges';
import type { ReplyPart } from '@app/contract/chat/parts';
import type { FilterItem } from '@app/contract/list';
import { validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { CacheKey, CacheSource } from '../../platform/cache-registry';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import { demoReady } from '../analytics/analytics.service';
import { currentFunctions } from './current-functions';
import {
  countHit,
  deleteEntries,
  deleteEntry,
  type EntryKeyRow,
  entryFigures,
  findEntry,
  findLiveEntry,
  liveBytes,
  liveEntryKeys,
  putEntry,
  settingRows,
  upsertSetting,
} from './func-cache.repo';

/**
 * The function cache (issue 28 item 2): an analysis function's parts kept in `func_cache_entries`
 * under a digest of what they depend on: team, function, version, inputs and filters, the sync
 * freshness of the team's and the demo's stores (`_freshness`, so a sync moves the key), the day
 * at the caller's offset, the language and the model. Off unless switched on per function
 * (`func_cache_settings`, read through a VersionedCache so every instance sees a switch at once).
 * Entries are in the database, shared by every instance; hit and miss counts are this instance's.
 */

export const FUNC_CACHE_NAME = 'analysis:func-cache';
const AREA = 'analysis';

interface Setting {
  enabled: boolean;
  ttlSeconds: number;
}

const settingsCaches = new WeakMap<Platform, VersionedCache<Map<string, Setting>>>();

function settingsCache(platform: Platform): VersionedCache<Map<string, Setting>> {
  let found = settingsCaches.get(platform);
  if (!found) {
    found = new VersionedCache<Map<string, Setting>>(
      platform.db,
      {
        key: 'func_cache',
        name: 'version:func_cache',
        initial: new Map(),
        load: async () => {
          const rows = await settingRows(platform.db);
          return new Map(
            rows.map((row) => [row.functionKey, { enabled: row.enabled, ttlSeconds: row.ttlSeconds }]),
          );
        },
      },
      platform.changes,
    );
    settingsCaches.set(platform, found);
  }
  return found;
}

async function settingOf(platform: Platform, functionKey: string): Promise<Setting> {
  const cache = settingsCache(platform);
  await cache.fresh();
  return cache.current.get(functionKey) ?? { enabled: false, ttlSeconds: FUNC_CACHE_TTL_DEFAULT };
}

interface Counts {
  hits: number;
  misses: number;
}
const counters = new WeakMap<Platform, Map<string, Counts>>();

function countsOf(platform: Platform, functionKey: string): Counts {
  let byFunction = counters.get(platform);
  if (!byFunction) {
    byFunction = new Map();
    counters.set(platform, byFunction);
  }
  let counts = byFunction.get(functionKey);
  if (!counts) {
    counts = { hits: 0, misses: 0 };
    byFunction.set(functionKey, counts);
  }
  return counts;
}

/** JSON with object keys sorted, so equal inputs give equal digests whatever their order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

const FRESHNESS_SQL =
  'select source, property, synced_at::varchar, complete_through::varchar from _freshness order by source, property';

/**
 * A digest of the `_freshness` rows of the team's store and the demo's, read through the analytics
 * store's read path: every sync (and the demo's daily rebuild) rewrites its row, so the key moves.
 */
export async function freshnessDigest(platform: Platform, teamId: string): Promise<string> {
  await demoReady(platform);
  const [team, demo] = await Promise.all([
    platform.analytics.read({ kind: 'team', teamId }, FRESHNESS_SQL, []),
    platform.analytics.read({ kind: 'demo' }, FRESHNESS_SQL, []),
  ]);
  return digest(canonical({ team: team?.rows ?? [], demo: demo?.rows ?? [] }));
}

export interface FuncCacheRequest {
  functionKey: string;
  version: number;
  inputs: unknown;
  filters: FilterItem[];
  model: string;
}

export interface FuncCacheHit {
  parts: ReplyPart[];
  model: string | null;
  ageSeconds: number;
}

/** A lookup's outcome: `hit` when a kept result answers; `store` keeps a fresh one (on a miss). */
export interface FuncCacheLookup {
  hit: FuncCacheHit | null;
  store: (parts: ReplyPart[], model: string | null) => Promise<void>;
}

/**
 * Looks the run up when the function's cache is on (null when off: the run goes as before). The
 * key is a digest of the team and everything the result depends on; the lookup also matches the
 * team, so one team never reads another's entry.
 */
export async function lookupFuncCache(
  platform: Platform,
  ctx: SignedInContext,
  request: FuncCacheRequest,
): Promise<FuncCacheLookup | null> {
  try {
    return await lookup(platform, ctx, request);
  } catch {
    // A cache that cannot answer (a store being rewritten) leaves the run to run as before.
    return null;
  }
}

async function lookup(
  platform: Platform,
  ctx: SignedInContext,
  request: FuncCacheRequest,
): Promise<FuncCacheLookup | null> {
  const setting = await settingOf(platform, request.functionKey);
  if (!setting.enabled) return null;
  const teamId = ctx.team.id;
  const key = digest(
    canonical({
      team: teamId,
      function: request.functionKey,
      version: request.version,
      params: digest(canonical({ inputs: request.inputs, filters: request.filters })),
      freshness: await freshnessDigest(platform, teamId),
      day: todayAt(ctx.tzOffsetHours),
      locale: ctx.locale,
      model: request.model,
    }),
  );
  const counts = countsOf(platform, request.functionKey);
  const row = await findLiveEntry(platform.db, key, teamId);
  if (row) {
    counts.hits += 1;
    await countHit(platform.db, key);
    return {
      hit: {
        parts: row.parts as ReplyPart[],
        model: row.model,
        ageSeconds: Math.max(0, Math.floor((Date.now() - row.createdAt.getTime()) / 1000)),
      },
      store: async () => undefined,
    };
  }
  counts.misses += 1;
  return {
    hit: null,
    store: async (parts, model) => {
      const now = new Date();
      await putEntry(platform.db, {
        key,
        teamId,
        functionKey: request.functionKey,
        version: request.version,
        parts,
        model,
        hits: 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + setting.ttlSeconds * 1000),
      });
    },
  };
}

/** The function cache on the data-cache page: its entries listed by function, never their parts. */
export function funcCacheSource(platform: Platform): CacheSource {
  const keyOf = (row: EntryKeyRow): CacheKey => ({
    id: row.key,
    label: `${row.functionKey} v${row.version} · team ${row.teamId}`,
    age_seconds: Math.max(0, Math.round((Date.now() - row.createdAt.getTime()) / 1000)),
    expires_in_seconds: Math.max(0, Math.round((row.expiresAt.getTime() - Date.now()) / 1000)),
    bytes: row.bytes,
  });
  return {
    name: FUNC_CACHE_NAME,
    backend: 'database',
    stats: async () => {
      const figures = await entryFigures(platform.db);
      const cache = settingsCache(platform);
      await cache.fresh();
      const ttls = [...cache.current.values()].filter((s) => s.enabled).map((s) => s.ttlSeconds);
      const all = [...(counters.get(platform)?.values() ?? [])];
      return {
        entries: [...figures.values()].reduce((sum, one) => sum + one.entries, 0),
        hits: all.reduce((sum, one) => sum + one.hits, 0),
        misses: all.reduce((sum, one) => sum + one.misses, 0),
        bytes: await liveBytes(platform.db),
        ttl_seconds: ttls.length > 0 ? Math.max(...ttls) : FUNC_CACHE_TTL_DEFAULT,
      };
    },
    keys: async () => (await liveEntryKeys(platform.db, 5000)).map(keyOf),
    inspect: async (id) => {
      const row = await findEntry(platform.db, id);
      if (!row) return null;
      // The figures the team asked about stay theirs: the parts are shown by their types only.
      return {
        function_key: row.functionKey,
        version: row.version,
        team_id: row.teamId,
        model: row.model,
        hits: row.hits,
        created_at: Math.floor(row.createdAt.getTime() / 1000),
        expires_at: Math.floor(row.expiresAt.getTime() / 1000),
        parts: (row.parts as ReplyPart[]).map((part) => part.type),
      };
    },
    evict: (id, db = platform.db) => deleteEntry(db, id),
    evictAll: (db = platform.db) => deleteEntries(db, null),
  };
}

/** The name of a function in the reader's language, from its stored definition. */
function nameOf(definition: unknown, locale: string, key: string): string {
  const names = (definition as { name?: Record<string, string> } | null)?.name;
  return names?.[locale] ?? names?.en_US ?? key;
}

function itemOf(
  key: string,
  name: string,
  setting: Setting,
  figures: { entries: number; newest: Date | null } | undefined,
  counts: Counts,
): FuncCacheFunction {
  const asked = counts.hits + counts.misses;
  return {
    function_key: key,
    name,
    enabled: setting.enabled,
    ttl_seconds: setting.ttlSeconds,
    entries: figures?.entries ?? 0,
    hits: counts.hits,
    misses: counts.misses,
    hit_rate: asked === 0 ? null : counts.hits / asked,
    newest_age_seconds: figures?.newest
      ? Math.max(0, Math.floor((Date.now() - figures.newest.getTime()) / 1000))
      : null,
  };
}

/** The analysis functions in use with their switch, time to live and figures. */
export async function listFuncCache(
  platform: Platform,
  ctx: SignedInContext,
): Promise<{ instance_id: string; items: FuncCacheFunction[] }> {
  const cache = settingsCache(platform);
  const [functions, figures] = await Promise.all([
    currentFunctions(platform, AREA),
    entryFigures(platform.db),
    cache.fresh(),
  ]);
  const items = functions.map((row) =>
    itemOf(
      row.key,
      nameOf(row.definition, ctx.locale, row.key),
      cache.current.get(row.key) ?? { enabled: false, ttlSeconds: FUNC_CACHE_TTL_DEFAULT },
      figures.get(row.key),
      countsOf(platform, row.key),
    ),
  );
  return { instance_id: platform.caches.instanceId, items };
}

const NO_SUCH_FUNCTION = 'No such analysis function';

async function requireFunction(platform: Platform, functionKey: string) {
  const row = (await currentFunctions(platform, AREA)).find((one) => one.key === functionKey);
  if (!row) throw validationError({ function_key: NO_SUCH_FUNCTION });
  return row;
}

/**
 * Switches a function's cache and sets its time to live, recorded; switched off, its entries are
 * dropped. The version moves in the same transaction, so every instance sees the switch.
 */
export async function updateFuncCache(
  platform: Platform,
  ctx: SignedInContext,
  body: { function_key: string; enabled: boolean; ttl_seconds: number },
): Promise<{ item: FuncCacheFunction }> {
  const row = await requireFunction(platform, body.function_key);
  const cache = settingsCache(platform);
  await cache.fresh();
  const before = cache.current.get(body.function_key) ?? null;
  await cache.change((bump) =>
    audited(
      platform.db,
      ctx,
      { action: 'func_cache.update', targetType: 'func_cache', targetId: body.function_key },
      async (tx) => {
        const values = {
          functionKey: body.function_key,
          enabled: body.enabled,
          ttlSeconds: body.ttl_seconds,
          updatedBy: ctx.user.id,
          updatedAt: new Date(),
        };
        await upsertSetting(tx, values);
        // Switched off, nothing it kept is left to answer.
        const evicted = body.enabled ? 0 : await deleteEntries(tx, body.function_key);
        await bump(tx);
        return {
          result: undefined,
          before: before ? { enabled: before.enabled, ttl_seconds: before.ttlSeconds } : null,
          after: { enabled: body.enabled, ttl_seconds: body.ttl_seconds, evicted },
        };
      },
    ),
  );
  const figures = await entryFigures(platform.db);
  return {
    item: itemOf(
      row.key,
      nameOf(row.definition, ctx.locale, row.key),
      { enabled: body.enabled, ttlSeconds: body.ttl_seconds },
      figures.get(row.key),
      countsOf(platform, row.key),
    ),
  };
}

/**
 * Drops one function's entries (every team's) or every entry, recorded. The entries are shared by
 * every instance; the registry's announcement still goes out, as for every cache.
 */
export async function evictFuncCache(
  platform: Platform,
  ctx: SignedInContext,
  body: { function_key?: string },
): Promise<{ evicted: number }> {
  const functionKey = body.function_key ?? null;
  return audited(
    platform.db,
    ctx,
    {
      action: functionKey === null ? 'func_cache.evict_all' : 'func_cache.evict',
      targetType: 'func_cache',
      targetId: functionKey,
    },
    async (tx) => {
      const evicted =
        functionKey === null
          ? ((await platform.caches.evict(FUNC_CACHE_NAME, null, tx)) ?? 0)
          : await deleteEntries(tx, functionKey);
      return { result: { evicted }, after: { function_key: functionKey, evicted } };
    },
  );
}
