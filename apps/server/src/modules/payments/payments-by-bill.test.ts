import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../test/test-app';

/**
 * A bill's payments are read by the bill: its captured one, and the open trades to close once one
 * of them pays. The unique index on the bill holds captured and refunded payments only, so the
 * others need an index of their own, or each lookup reads the whole table.
 */
describe('payments looked up by bill', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it("a bill's payments, whatever their status, are found through an index", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The table is empty, where a scan is cheapest: scans are ruled out to see what an index allows.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from payments where bill_id = 'bill'`);
      const { rows } = result as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/payments_bill_idx/);
  });
});
