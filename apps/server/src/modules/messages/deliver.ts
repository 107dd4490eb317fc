import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/contract/common';
import { and, eq, inArray } from 'drizzle-orm';
import { emailLogs, notificationSettings } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { composeMail } from '../../platform/mail-layout';
import type { Platform } from '../../platform/platform';
import { isPlaceholderEmail } from '../users/mask-email';
import type { Recipient } from './audience';
import { insertMessages } from './inbox.repo';
import { announceUnread } from './unread';

export type Level = 'important' | 'warning' | 'special' | 'other';

export interface Delivery {
  level: Level;
  title: string;
  body: string;
  link?: string | null;
  sendId?: string | null;
  /** e-mail log template name, e.g. `message.send`, `billing.reminder` */
  template: string;
}

const isLocale = (value: string | null): value is Locale =>
  value !== null && (LOCALES as readonly string[]).includes(value);

/** An in-app path becomes a full address in an e-mail. */
function linkTo(platform: Platform, link: string): string {
  return link.startsWith('/') ? `${platform.config.publicUrl}${link}` : link;
}

/** Defaults of `notification_settings` for users who never saved theirs (sys-settings page). */
const EMAIL_BY_DEFAULT: Record<Level, boolean> = {
  important: true,
  warning: true,
  special: false,
  other: false,
};

const LEVEL_COLUMN = {
  important: notificationSettings.emailImportant,
  warning: notificationSettings.emailWarning,
  special: notificationSettings.emailSpecial,
  other: notificationSettings.emailOther,
} as const;

/** Of `recipients`, those whose notification settings also want `level` by e-mail. */
export async function wantEmail(tx: Tx, recipients: Recipient[], level: Level): Promise<Recipient[]> {
  if (recipients.length === 0) return [];
  const saved = await tx
    .select({ userId: notificationSettings.userId, email: LEVEL_COLUMN[level] })
    .from(notificationSettings)
    .where(
      inArray(
        notificationSettings.userId,
        recipients.map((r) => r.id),
      ),
    );
  const choice = new Map(saved.map((row) => [row.userId, row.email]));
  return recipients.filter((r) => choice.get(r.id) ?? EMAIL_BY_DEFAULT[level]);
}

/**
 * Puts a message in each recipient's inbox and tells their open tabs (user_basic msgs_unread),
 * in the caller's transaction.
 */
export async function deliverInApp(platform: Platform, tx: Tx, recipients: Recipient[], delivery: Delivery) {
  if (recipients.length === 0) return;
  await insertMessages(
    tx,
    recipients.map((r) => ({
      userId: r.id,
      level: delivery.level,
      title: delivery.title,
      body: delivery.body,
      link: delivery.link ?? null,
      sendId: delivery.sendId ?? null,
    })),
  );
  for (const recipient of recipients) await announceUnread(platform, recipient.id, tx);
}

/**
 * Records one e-mail per recipient as queued, in the caller's transaction; `sendQueued` (after
 * commit) and the retry job deliver them. Queued first, so a crash or an SMTP outage loses none.
 */
export async function queueEmails(
  platform: Platform,
  tx: Tx,
  recipients: Recipient[],
  delivery: Delivery,
): Promise<string[]> {
  const ids: string[] = [];
  // Accounts made by WeChat sign-in have no real address until they add one: in-app only.
  const reachable = recipients.filter((r) => !isPlaceholderEmail(r.email));
  for (let start = 0; start < reachable.length; start += 500) {
    const rows = await tx
      .insert(emailLogs)
      .values(
        reachable.slice(start, start + 500).map((r) => {
          const locale = isLocale(r.locale) ? r.locale : DEFAULT_LOCALE;
          const t = (msgid: string) => platform.translator.translate(locale, msgid);
          const mail = composeMail(t, {
            name: r.name,
            paragraphs: [delivery.body, ...(delivery.link ? [linkTo(platform, delivery.link)] : [])],
            reason: t(
              'You receive this because you have an account with us. Choose which messages also come by e-mail in your notification settings.',
            ),
          });
          return {
            to: r.email,
            userId: r.id,
            template: delivery.template,
            locale,
            subject: delivery.title,
            text: mail.text,
            html: mail.html,
            status: 'queued',
            sendId: delivery.sendId ?? null,
          };
        }),
      )
      .returning({ id: emailLogs.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Tries queued mails now, one after another; what fails stays queued for the retry job. */
export async function sendQueued(platform: Platform, ids: string[]): Promise<void> {
  for (const id of ids) {
    const [row] = await platform.db
      .select({ status: emailLogs.status })
      .from(emailLogs)
      .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'queued')));
    if (row) await platform.mailer.retry(id, { final: false });
  }
}
