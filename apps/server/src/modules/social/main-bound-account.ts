import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { socialAccounts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { isPlaceholderEmail, maskEmail } from '../users/mask-email';

/**
 * What the profile shows as the main bound account (basic infos `main_bound_account`), following
 * `global_config.main_bound_key`: the masked e-mail for `email`; the WeChat nickname for `wechat`
 * (China region). An account made by WeChat sign-in has only a placeholder address, so it shows
 * the nickname whatever the key; null when there is nothing to show.
 */
export async function mainBoundAccount(
  db: Db,
  user: { id: string; email: string },
  key: 'email' | 'wechat',
): Promise<string | null> {
  const placeholder = isPlaceholderEmail(user.email);
  if (key === 'email' && !placeholder) return maskEmail(user.email);
  const [wechat] = await db
    .select({ name: socialAccounts.displayName })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.provider, 'wechat')))
    .limit(1);
  if (wechat) return wechat.name;
  return placeholder ? null : maskEmail(user.email);
}

/** `global_config.main_bound_key`: WeChat in the China region, the e-mail address elsewhere. */
export function mainBoundKey(config: Pick<Config, 'REGION'>): 'email' | 'wechat' {
  return config.REGION === 'cn' ? 'wechat' : 'email';
}
