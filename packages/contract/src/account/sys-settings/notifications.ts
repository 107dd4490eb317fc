import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';

/**
 * Which message levels (spec section 3: important, warning, special, other) also go by e-mail;
 * every message always reaches the inbox.
 */
export const zEmailLevels = z.object({
  important: z.boolean(),
  warning: z.boolean(),
  special: z.boolean(),
  other: z.boolean(),
});
export type EmailLevels = z.infer<typeof zEmailLevels>;

export const zNotificationSettings = z.object({ email: zEmailLevels });

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/account/sys-settings/notifications',
  permission: 'signed_in',
  summary: 'Which message levels the caller also receives by e-mail',
  tags: ['account'],
  response: zNotificationSettings,
});

/** Levels left out keep their value. */
export const putNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/account/sys-settings/notifications',
  permission: 'signed_in',
  summary: 'Choose which message levels also go by e-mail',
  tags: ['account'],
  body: z.object({ email: zEmailLevels.partial() }),
  response: zNotificationSettings,
});
