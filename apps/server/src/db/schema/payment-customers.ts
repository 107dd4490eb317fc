import { pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/**
 * A team's customer at a payment provider that keeps cards on file (Stripe): made the first time
 * the team saves a card, then every card, default and setup session of the team is that
 * customer's. Live state: it goes with its team (the provider keeps its own records).
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the customer (`cus_…`). */
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.provider] }),
    uniqueIndex('payment_customers_ref_idx').on(t.provider, t.customerRef),
  ],
);
