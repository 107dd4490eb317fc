import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { ADMIN_AREA } from '../../permission-codes';

/**
 * What the server still lacks to serve users fully, for the banner of the admin console: shown to
 * whoever may open an admin page, until it is set up (issue 26: mail that cannot be sent is never
 * reported as sent).
 */
export const getSetupNotices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/setup-notices',
  permission: ADMIN_AREA,
  summary: 'What the server is not set up for yet (mail)',
  tags: ['admin: dashboard'],
  response: z.object({
    /** SMTP_URL is set: password resets, invitations and codes can be e-mailed. */
    mail_configured: z.boolean(),
  }),
});
