import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/contract/common';
import { isPlaceholderEmail } from '@app/contract/user/mask-email';
import type { Tx } from '../../platform/db';
import { type KeyedText, keyOf, sayKeyed } from '../../platform/keyed-text';
import { composeMail } from '../../platform/mail-layout';
import type { Platform } from '../../platform/platform';
import { insertQueuedEmails, stillQueued } from './email-logs.repo';
import { insertMessages } from './inbox.repo';
import { type EmailLevel, type Recipient, savedEmailChoices } from './recipients.repo';
import { announceUnread } from './unread';

export type Level = EmailLevel;

export interface Delivery {
  level: Level;
  /**
   * What the server writes is a msgid with parameters, rendered in each recipient's language and
   * kept so the inbox renders it again in the reader's language of the day; a plain string (an
   * admin's own words) is sent and shown as written.
   */
  title: KeyedText;
  body: KeyedText;
  link?: string | null;
  sendId?: string | null;
  /** e-mail log template name, e.g. `message.send`, `billing.reminder` */
  template: string;
}

const isLocale = (value: string | null): value is Locale =>
  value !== null && (LOCALES as readonly string[]).includes(value);

/** The language a recipient reads in: the one they chose, else the product's default. */
export function recipientLocale(recipient: Pick<Recipient, 'locale'>): Locale {
  return isLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE;
}

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
 * Delivers one message in the caller's transaction: into the inbox of each of `to.inApp` (with
 * their open tabs told, user_basic msgs_unread) and by e-mail to each of `to.email`, queued first
 * so a crash or an SMTP outage loses none; `sendQueued` (after commit) and the retry job send them.
 * Each copy is written in its recipient's language; an inbox message keeps its keys beside the
 * text as sent, and the subject of the e-mail that went with it to the same person. Answers the
 * queued mails' ids.
 */
export async function deliver(
  platform: Platform,
  tx: Tx,
  delivery: Delivery,
  to: { inApp: Recipient[]; email: Recipient[] },
): Promise<string[]> {
  // Accounts made by WeChat sign-in have no real address until they add one: in-app only.
  const mails = to.email
    .filter((r) => !isPlaceholderEmail(r.email))
    .map((r) => {
      const locale = recipientLocale(r);
      const t = (msgid: string) => platform.translator.translate(locale, msgid);
      const body = sayKeyed(t, delivery.body);
      const mail = composeMail(t, {
        name: r.name,
        paragraphs: [body, ...(delivery.link ? [linkTo(platform, delivery.link)] : [])],
        reason: t(
          'You receive this because you have an account with us. Choose which messages also come by e-mail in your notification settings.',
        ),
      });
      return {
        to: r.email,
        userId: r.id,
        template: delivery.template,
        locale,
        subject: sayKeyed(t, delivery.title),
        text: mail.text,
        html: mail.html,
        status: 'queued',
        sendId: delivery.sendId ?? null,
      };
    });
  const mailIds = await insertQueuedEmails(tx, mails);
  if (to.inApp.length === 0) return mailIds;

  const subjects = new Map(mails.map((mail) => [mail.userId, mail.subject]));
  const title = keyOf(delivery.title);
  const body = keyOf(delivery.body);
  await insertMessages(
    tx,
    to.inApp.map((r) => {
      const locale = recipientLocale(r);
      const t = (msgid: string) => platform.translator.translate(locale, msgid);
      return {
        userId: r.id,
        level: delivery.level,
        title: sayKeyed(t, delivery.title),
        body: sayKeyed(t, delivery.body),
        titleKey: title.key,
        titleParams: title.params,
        bodyKey: body.key,
        bodyParams: body.params,
        emailSubject: subjects.get(r.id) ?? null,
        link: delivery.link ?? null,
        sendId: delivery.sendId ?? null,
      };
    }),
  );
  for (const r of to.inApp) await announceUnread(platform, r.id, tx, recipientLocale(r));
  return mailIds;
}

/** Tries queued mails now, one after another; what fails stays queued for the retry job. */
export async function sendQueued(platform: Platform, ids: string[]): Promise<void> {
  for (const id of await stillQueued(platform.db, ids)) await platform.mailer.retry(id, { final: false });
}
