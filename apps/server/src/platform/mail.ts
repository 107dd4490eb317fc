import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the e-mail log keeps besides the message: the kind of mail and whom it concerns. */
export interface MailMeta {
  /** e.g. `team.invite`, `security.email_code`, `message.send` */
  template: string;
  locale?: string;
  userId?: string | null;
  sendId?: string | null;
  /**
   * The text holds a one-time code or sign-in link: the log keeps who and when, not the text,
   * and it cannot be resent (admins must not be able to read or replay a code).
   */
  sensitive?: boolean;
}

export type MailResult = { sent: true } | { sent: false; reason: string };

/** The e-mail log's record of a mail not sent for want of SMTP (kept as written, a record). */
export const NO_SMTP_REASON = 'not sent: no SMTP configured';

/**
 * What to tell the person who asked for a mail that did not go out (a msgid): with no SMTP at all,
 * that this server cannot send mail until an administrator sets it up; otherwise that sending
 * failed, to try again.
 */
export function unsentMessage(mailer: Pick<Mailer, 'configured'>): string {
  return mailer.configured
    ? 'The e-mail could not be sent, please try again later'
    : 'This server cannot send e-mail yet: an administrator has to set up mail first.';
}

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it nothing is pretended: every send answers
 * "not sent" with the reason, and callers show or record that.
 */
export interface Mailer {
  configured: boolean;
  /** `meta` is for the e-mail log (see email-log.ts); the bare transport ignores it. */
  send(message: MailMessage, meta?: MailMeta): Promise<MailResult>;
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return { configured: false, send: async () => ({ sent: false, reason: NO_SMTP_REASON }) };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        return { sent: true };
      } catch (error) {
        return { sent: false, reason: `not sent: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}
