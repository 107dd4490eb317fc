import { hostname } from 'node:os';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { analyticsStoreVersions } from '../db/schema';
import { CHANGE_CHANNEL } from './change-feed';
import type { Database } from './db';

/**
 * Where the shared analytics stores' versions are recorded (ARCHITECTURE section 2): the newest
 * row of a store is its current version. Publishing inserts the next row and announces it on the
 * change feed (`a:<store key>`) in the same transaction, so an instance that hears of it finds it.
 */

export interface StoreVersion {
  storeKey: string;
  version: number;
  /** Null: the store holds nothing (emptied by a restore). */
  objectKey: string | null;
  bytes: number;
  schemaTag: string;
  publishedAt: Date;
}

/** Who published: enough for an operator to tell two instances apart. */
const PUBLISHER = `${hostname()}:${process.pid}`;

export class AnalyticsCatalog {
  constructor(private readonly database: Database) {}

  /** The current version of a store, or null when none was ever published. */
  async current(storeKey: string): Promise<StoreVersion | null> {
    const [row] = await this.database.db
      .select()
      .from(analyticsStoreVersions)
      .where(eq(analyticsStoreVersions.storeKey, storeKey))
      .orderBy(desc(analyticsStoreVersions.version))
      .limit(1);
    return row ?? null;
  }

  /**
   * Makes `next` the current version of its store. It must follow `after` (the version the writer
   * started from, 0 for none): a row already there means another writer published first, which the
   * writer lock rules out, so it fails (the primary key) rather than overwrite.
   */
  async publish(next: Omit<StoreVersion, 'publishedAt'>): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      await tx.insert(analyticsStoreVersions).values({ ...next, publishedBy: PUBLISHER });
      await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`a:${next.storeKey}`})`);
    });
  }

  /** Every team whose store has a current version that holds something. */
  async teamIds(): Promise<string[]> {
    // Few rows per store (old versions are removed after the grace period): the newest of each.
    const rows = await this.database.db
      .select({ storeKey: analyticsStoreVersions.storeKey, objectKey: analyticsStoreVersions.objectKey })
      .from(analyticsStoreVersions)
      .where(sql`${analyticsStoreVersions.storeKey} like 'team:%'`)
      .orderBy(analyticsStoreVersions.storeKey, desc(analyticsStoreVersions.version));
    const newest = new Map<string, string | null>();
    for (const row of rows) if (!newest.has(row.storeKey)) newest.set(row.storeKey, row.objectKey);
    return [...newest]
      .filter(([, objectKey]) => objectKey !== null)
      .map(([storeKey]) => storeKey.slice('team:'.length))
      .sort();
  }

  /** Every object a version refers to: none of them is an orphan, and a restore keeps them. */
  async objectKeys(): Promise<Set<string>> {
    const rows = await this.database.db
      .select({ key: analyticsStoreVersions.objectKey })
      .from(analyticsStoreVersions)
      .where(isNotNull(analyticsStoreVersions.objectKey));
    return new Set(rows.map((row) => row.key).filter((key): key is string => key !== null));
  }

  /**
   * Versions superseded more than `graceMs` ago (a newer version of the same store was published
   * before then): no instance still reads them, so they and their objects can go.
   */
  async superseded(graceMs: number): Promise<StoreVersion[]> {
    const before = new Date(Date.now() - graceMs);
    const newer = this.database.db
      .select({ storeKey: analyticsStoreVersions.storeKey, version: analyticsStoreVersions.version })
      .from(analyticsStoreVersions)
      .where(lt(analyticsStoreVersions.publishedAt, before))
      .as('newer');
    const rows = await this.database.db
      .selectDistinct({
        storeKey: analyticsStoreVersions.storeKey,
        version: analyticsStoreVersions.version,
        objectKey: analyticsStoreVersions.objectKey,
        bytes: analyticsStoreVersions.bytes,
        schemaTag: analyticsStoreVersions.schemaTag,
        publishedAt: analyticsStoreVersions.publishedAt,
      })
      .from(analyticsStoreVersions)
      .innerJoin(
        newer,
        and(
          eq(newer.storeKey, analyticsStoreVersions.storeKey),
          sql`${newer.version} > ${analyticsStoreVersions.version}`,
        ),
      );
    return rows;
  }

  async forget(version: Pick<StoreVersion, 'storeKey' | 'version'>): Promise<void> {
    await this.database.db
      .delete(analyticsStoreVersions)
      .where(
        and(
          eq(analyticsStoreVersions.storeKey, version.storeKey),
          eq(analyticsStoreVersions.version, version.version),
        ),
      );
  }
}
