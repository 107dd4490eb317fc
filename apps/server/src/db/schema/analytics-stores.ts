import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The published versions of each analytics store when instances share one object store
 * (ARCHITECTURE section 2): a store is `team:<id>` or `demo`. The newest version of a store is its
 * current one, so publishing is one insert; older versions are kept for a grace period, while
 * another instance may still be reading its copy of them, then removed with their objects.
 */
export const analyticsStoreVersions = pgTable(
  'analytics_store_versions',
  {
    storeKey: text('store_key').notNull(),
    version: integer('version').notNull(),
    /** The DuckDB file in the object store; null: the store was emptied (a restore without it). */
    objectKey: text('object_key'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Which schema the file was brought up to (a hash of its DDL): a newer one upgrades it. */
    schemaTag: text('schema_tag').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance that wrote it (process id and host): for an operator reading the table. */
    publishedBy: text('published_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeKey, t.version] })],
);
