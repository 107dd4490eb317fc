import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { DEFAULT_PAGE_SIZE, normalizePageSize, zListResponse } from '../../list';

/**
 * The data-cache page (`/admin/system/data-cache`, issue 28 item 2): every cache the server keeps
 * (sessions, version-tied data, rate-limit counters...) with its backend and figures; its keys can
 * be searched and inspected (values redacted: a session shows its user and expiry, never its
 * token) and evicted one by one or all at once, on every instance.
 */

/** `database`: kept in a table (the function cache), shared by every instance. */
export const CACHE_BACKENDS = ['memory', 'redis', 'database'] as const;
export const zCacheBackend = z.enum(CACHE_BACKENDS);
export type CacheBackend = z.infer<typeof zCacheBackend>;

const zCacheName = z
  .string()
  .trim()
  .min(1, { message: 'Choose a cache' })
  .max(100, { message: 'At most 100 characters' })
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: 'Choose a cache' });
const zKeyId = z
  .string()
  .trim()
  .min(1, { message: 'Choose a key' })
  .max(500, { message: 'At most 500 characters' });

export const zCacheInfo = z.object({
  name: z.string(),
  backend: zCacheBackend,
  entries: z.number().int().nonnegative(),
  hits: z.number().int().nonnegative().nullable(),
  misses: z.number().int().nonnegative().nullable(),
  /** hits / (hits + misses), 0..1; null before any lookup or when the backend cannot tell. */
  hit_rate: z.number().min(0).max(1).nullable(),
  /** An estimate of the memory the entries take, in bytes (null: not measurable). */
  bytes: z.number().int().nonnegative().nullable(),
  /** The longest an entry is kept (null: until its data changes). */
  ttl_seconds: z.number().int().nonnegative().nullable(),
});
export type CacheInfo = z.infer<typeof zCacheInfo>;

export const zCacheKey = z.object({
  /** What inspect and evict take back; never a secret. */
  id: z.string(),
  label: z.string(),
  age_seconds: z.number().int().nullable(),
  expires_in_seconds: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
});
export type CacheKey = z.infer<typeof zCacheKey>;

const tags = ['admin: caches'];

export const listCaches = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/data-cache',
  permission: 'admin.caches.read',
  summary: "Every cache the server keeps, with this instance's figures",
  tags,
  response: z.object({
    /** The instance whose figures these are (each instance keeps its own memory). */
    instance_id: z.string(),
    items: z.array(zCacheInfo),
  }),
});

export const listCacheKeys = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/data-cache/keys',
  permission: 'admin.caches.read',
  summary: "A cache's keys on this instance, searched by a part of their label",
  tags,
  query: z.object({
    name: zCacheName,
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().default(DEFAULT_PAGE_SIZE).transform(normalizePageSize),
  }),
  response: zListResponse(zCacheKey),
});

export const inspectCacheKey = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/data-cache/key',
  permission: 'admin.caches.read',
  summary: 'One entry of a cache, its value redacted (no token, no secret)',
  tags,
  query: z.object({ name: zCacheName, id: zKeyId }),
  response: z.object({ key: zCacheKey, value: z.record(z.string(), z.unknown()) }),
});

export const evictCache = defineEndpoint({
  method: 'POST',
  path: '/api/admin/system/data-cache/evict',
  permission: 'admin.caches.edit',
  summary: 'Drop one key of a cache, or all of them (no id), on every instance (recorded)',
  tags,
  body: z.object({ name: zCacheName, id: zKeyId.optional() }),
  response: z.object({ evicted: z.number().int().nonnegative() }),
});
