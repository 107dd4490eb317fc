import type { EmailLevels } from '@app/contract/account/sys-settings/notifications';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { findNotificationSettings, saveNotificationSettings } from './sys-settings.repo';

/**
 * Without a saved row: important and warning messages also go by e-mail, special and other stay
 * in the inbox (the table's column defaults say the same).
 */
export const DEFAULT_EMAIL_LEVELS: EmailLevels = {
  important: true,
  warning: true,
  special: false,
  other: false,
};

function toSettings(row: Awaited<ReturnType<typeof findNotificationSettings>>) {
  if (!row) return { email: DEFAULT_EMAIL_LEVELS };
  return {
    email: {
      important: row.emailImportant,
      warning: row.emailWarning,
      special: row.emailSpecial,
      other: row.emailOther,
    },
  };
}

export async function getNotificationSettings(platform: Platform, ctx: SignedInContext) {
  return toSettings(await findNotificationSettings(platform.db, ctx.user.id));
}

export async function saveEmailLevels(
  platform: Platform,
  ctx: SignedInContext,
  levels: Partial<EmailLevels>,
) {
  const user = ctx.user;
  const patch = {
    ...(levels.important !== undefined ? { emailImportant: levels.important } : {}),
    ...(levels.warning !== undefined ? { emailWarning: levels.warning } : {}),
    ...(levels.special !== undefined ? { emailSpecial: levels.special } : {}),
    ...(levels.other !== undefined ? { emailOther: levels.other } : {}),
  };
  return toSettings(await saveNotificationSettings(platform.db, user.id, patch));
}
