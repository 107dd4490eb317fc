import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailResult = { sent: true } | { sent: false; reason: string };

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it nothing is pretended: every send answers
 * "not sent" with the reason, and callers show or record that.
 */
export interface Mailer {
  configured: boolean;
  send(message: MailMessage): Promise<MailResult>;
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return { configured: false, send: async () => ({ sent: false, reason: 'not sent: no SMTP configured' }) };
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
