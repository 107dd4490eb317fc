import { randomBytes } from 'node:crypto';
import { LOCALES, type Locale } from '@app/contract/common';
import { isPlaceholderEmail } from '@app/contract/user/mask-email';
import type { FastifyBaseLogger } from 'fastify';
import type { LoggedMailResult } from '../../platform/email-log';
import { composeMail } from '../../platform/mail-layout';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { resetRecipient } from './auth.repo';

const isLocale = (value: string | null): value is Locale => LOCALES.some((locale) => locale === value);

/** How long a reset link works. */
export const RESET_LINK_HOURS = 1;

/**
 * Makes a single-use reset token (better-auth's own, so `/api/auth/reset-password` accepts it)
 * and mails its link to the user, in their language (else `fallback`). `why` (a msgid) is the
 * first paragraph: who asked for it.
 */
export async function mailResetLink(
  platform: Platform,
  userId: string,
  mail: { why: string; fallback: Locale },
): Promise<LoggedMailResult | null> {
  const user = await resetRecipient(platform.db, { id: userId });
  if (!user || isPlaceholderEmail(user.email)) return null;
  const token = randomBytes(24).toString('base64url');
  const authContext = await platform.auth.$context;
  await authContext.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3600 * 1000),
  });
  const link = `${platform.config.publicUrl}/reset-password?token=${token}`;
  const locale = isLocale(user.locale) ? user.locale : mail.fallback;
  const t = (msgid: string) => platform.translator.translate(locale, msgid);
  const body = composeMail(t, {
    name: user.name,
    paragraphs: [t(mail.why), link, t('The link works once, within one hour.')],
    reason: t('You receive this e-mail because a new password was asked for your account.'),
  });
  return platform.mailer.send(
    { to: user.email, subject: t('Set a new password'), text: body.text, html: body.html },
    { template: 'security.reset_link', userId: user.id, sensitive: true, locale },
  );
}

/**
 * "Forgot password?": the account using `email`, if any, is mailed a reset link. The caller hears
 * the same at once either way (the mail goes out after the answer), so neither the answer nor
 * its timing tells whether an account uses the address.
 */
export async function requestPasswordReset(
  platform: Platform,
  ctx: RequestContext,
  email: string,
  log: FastifyBaseLogger,
) {
  void (async () => {
    const user = await resetRecipient(platform.db, { email });
    if (!user) return;
    await mailResetLink(platform, user.id, {
      fallback: ctx.locale,
      why: 'Someone, probably you, asked for a link to set a new password. If it was not you, ignore this e-mail: your password stays as it is.',
    });
  })().catch((error: unknown) => log.warn({ err: error }, 'could not mail a reset link'));
  return { requested: true as const, mail_configured: platform.mailer.configured };
}
