import { z } from 'zod';
import { zEmail } from '../common';
import { defineEndpoint } from '../define-endpoint';

/**
 * "Forgot password?": mails a single-use link to set a new password (then `postResetPassword`).
 * The answer is the same whether or not an account uses the address, so nobody learns which
 * addresses have accounts.
 */
export const postForgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  permission: 'public',
  summary: 'Mail a link to set a new password to the account using this address, if there is one',
  tags: ['auth'],
  body: z.object({ email: zEmail }),
  response: z.object({
    requested: z.literal(true),
    /**
     * The server can send mail at all (SMTP is set up). When it cannot, no link went out to
     * anyone, and the page says so rather than "check your inbox" (this tells nothing about
     * which addresses have accounts).
     */
    mail_configured: z.boolean(),
  }),
});
