import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Roles are data: seeded ones are marked `is_system` so they cannot be deleted. */
export const roles = pgTable('roles', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A grant is a permission code or a prefix pattern (`admin.users.*`, `*`). */
export const roleGrants = pgTable(
  'role_grants',
  {
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    grant: text('grant').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.grant] })],
);
