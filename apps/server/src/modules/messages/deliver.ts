import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/contract/common';
import { isPlaceholderEmail } from '@app/contract/user/mask-email';
import type { Tx } from '../../platform/db';
import { composeMail } from '../../platform/mail-layout';
import type { Platform } from '../../platform/platform';
import { insertQueuedEmails, stillQueued } from './email-logs.repo';
import { insertMessages } from './inbox.repo';
import { type EmailLevel, type Recipient, savedEmailChoices } from './recipients.repo';
import { announceUnread } from './unread';

export type Level = EmailLevel;

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

/** Of `recipients`, those whose notification settings also want `level` by e-mail. */
export async function wantEmail(tx: Tx, recipients: Recipient[], level: Level): Promise<Recipient[]> {
  if (recipients.length === 0) return [];
  const choice = await savedEmailChoices(
    tx,
    recipients.map((r) => r.id),
    level,
  );
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
  // Accounts made by WeChat sign-in have no real address until they add one: in-app only.
  const reachable = recipients.filter((r) => !isPlaceholderEmail(r.email));
  return insertQueuedEmails(
    tx,
    reachable.map((r) => {
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
  );
}

/** Tries queued mails now, one after another; what fails stays queued for the retry job. */
export async function sendQueued(platform: Platform, ids: string[]): Promise<void> {
  for (const id of await stillQueued(platform.db, ids)) await platform.mailer.retry(id, { final: false });
}
