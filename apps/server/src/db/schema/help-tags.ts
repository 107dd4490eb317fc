import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** One language's help: sanitised HTML and the icon shown for it (empty: the style's icon). */
export interface HelpTagText {
  html: string;
  icon: string;
}

/**
 * Help attached to an element of a page (`/admin/sys-functions/help-tags`): per page path and
 * element id, the HTML and icon of each language filled. Read by `POST /api/config/help/html-tag-help`.
 */
export const helpTags = pgTable(
  'help_tags',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    pagePath: text('page_path').notNull(),
    elementId: text('element_id').notNull(),
    /** By locale (`en_US`, `zh_CN`, ...): only the languages filled. */
    texts: jsonb('texts').$type<Record<string, HelpTagText>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('help_tags_page_element_unique').on(table.pagePath, table.elementId)],
);

/** How help icons and their popovers look (`/admin/sys-functions/help-tags-style`): one row, `default`. */
export const helpTagStyles = pgTable('help_tag_styles', {
  key: text('key').primaryKey(),
  iconKind: text('icon_kind').notNull(),
  iconColor: text('icon_color').notNull(),
  iconSize: integer('icon_size').notNull(),
  popoverWidth: integer('popover_width').notNull(),
  popoverPlacement: text('popover_placement').notNull(),
  popoverTrigger: text('popover_trigger').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
