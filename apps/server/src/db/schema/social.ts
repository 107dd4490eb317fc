import { index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * External accounts a user signs in with (Google, WeChat). `subject` is the provider's stable id
 * of the person: Google's `sub`; WeChat's `unionid` when the apps share an Open Platform account,
 * else `<appid>:<openid>`. One person is linked to at most one user.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** google | wechat */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    displayName: text('display_name').notNull(),
    /** The address Google vouched for; null for WeChat. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    unique('social_accounts_subject_uq').on(t.provider, t.subject),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/**
 * Every WeChat openid seen for a linked WeChat account, per app (website QR app, official
 * account). The silent official-account authorisation answers only the openid, so this is how it
 * finds the account.
 */
export const wechatOpenids = pgTable(
  'wechat_openids',
  {
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    socialAccountId: text('social_account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.openid] }),
    index('wechat_openids_account_idx').on(t.socialAccountId),
  ],
);
