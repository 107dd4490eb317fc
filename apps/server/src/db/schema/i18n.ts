import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const languages = pgTable('languages', {
  loc: text('loc').primaryKey(),
  display: text('display').notNull(),
  /** Offered in the language switcher. */
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Every text the product has asked to translate, so admins see what is missing. */
export const i18nMsgids = pgTable('i18n_msgids', {
  msgid: text('msgid').primaryKey(),
  sourceLang: text('source_lang').notNull().default('en_US'),
  from: text('from').notNull().default('web'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const i18nTranslations = pgTable(
  'i18n_translations',
  {
    msgid: text('msgid')
      .notNull()
      .references(() => i18nMsgids.msgid, { onDelete: 'cascade' }),
    loc: text('loc')
      .notNull()
      .references(() => languages.loc, { onDelete: 'cascade' }),
    msgstr: text('msgstr').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.msgid, t.loc] })],
);
