import { isPlaceholderEmail, maskEmail } from '@app/contract/user/mask-email';
import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import { wechatDisplayName } from './social-accounts.repo';

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
  const wechat = await wechatDisplayName(db, user.id);
  if (wechat !== undefined) return wechat;
  return placeholder ? null : maskEmail(user.email);
}

/** `global_config.main_bound_key`: WeChat in the China region, the e-mail address elsewhere. */
export function mainBoundKey(config: Pick<Config, 'REGION'>): 'email' | 'wechat' {
  return config.REGION === 'cn' ? 'wechat' : 'email';
}
