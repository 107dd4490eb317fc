import { createHmac } from 'node:crypto';
import { LOCALES, type Locale } from '@app/contract/common';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { AppError } from '../../platform/app-error';
import { FREE_PLAN } from '../../platform/free-plan';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { readUnread } from '../messages/unread';
import { readPreferences } from '../personalization/personalization.service';
import { mainBoundAccount, mainBoundKey } from '../social/main-bound-account';
import { shownEmail } from './mask-email';

const isLocale = (loc: string): loc is Locale => (LOCALES as readonly string[]).includes(loc);

/**
 * Everything the client needs at start: the user, the team, the versions its caches depend on,
 * the languages and the quota. Reads run in parallel; none depends on another.
 */
export async function getBasicInfos(platform: Platform, ctx: RequestContext): Promise<BasicInfos> {
  const { user, team } = ctx;
  if (!user || !team) throw new AppError('BEARER_TOKEN_ERROR');
  const { config } = platform;
  const cn = config.REGION === 'cn';

  // Role names, languages and versions come from the caches that follow the version counters;
  // only the user's own preferences and unread messages cost queries here.
  const mainKey = mainBoundKey(config);
  const [roleName, translationVersion, permissionVersion, preferences, msgs_unread, mainAccount] =
    await Promise.all([
      platform.access.roleName(user.role),
      platform.translator.ensureFresh(),
      platform.access.currentVersion(),
      readPreferences(platform, user.id),
      readUnread(platform.db, user.id),
      // A query only for WeChat (China region, or an account made by WeChat sign-in).
      mainBoundAccount(platform.db, user, mainKey),
    ]);
  const langs = platform.translator.languages();
  const versions = {
    translation: translationVersion,
    permission: permissionVersion,
    tag_help: platform.translator.tagHelpVersion(),
  };

  return {
    id: user.id,
    username: user.name,
    // A stored avatar's `/api/files/{id}` (same origin, so the page's CSP allows it).
    avatar_url: user.image,
    main_bound_account: mainAccount,
    email: shownEmail(user.email),
    role_name: roleName ?? user.role,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    user_hash: createHmac('sha256', platform.secret).update(`user:${user.id}`).digest('hex'),
    msgs_unread,
    team: { id: team.id, name: team.name, role: team.role },
    locale: ctx.locale,
    preferences,
    latest_translation_version: versions.translation,
    latest_permission_version: versions.permission,
    latest_tag_help_version: versions.tag_help,
    api_version: platform.apiVersion,
    languages: langs
      .filter((lang) => isLocale(lang.loc))
      .map((lang) => ({ loc: lang.loc as Locale, display: lang.display, switch: lang.enabled })),
    view_config: { large_menu_for_adm: false },
    usm_quota: {
      plan_key: FREE_PLAN.plan_key,
      plan_name: FREE_PLAN.plan_name,
      credits_balance: FREE_PLAN.credits_granted,
      credits_granted: FREE_PLAN.credits_granted,
      storage_used_bytes: 0,
      storage_limit_bytes: FREE_PLAN.storage_limit_bytes,
      seats: FREE_PLAN.seats,
      expire_time: null,
    },
    global_config: {
      team_name: team.name,
      location_val: cn ? 'cn' : 'global',
      default_lang: cn ? 'zh_CN' : 'en_US',
      main_bound_key: mainKey,
      currency: cn ? 'CNY' : 'USD',
      dev_test: config.NODE_ENV !== 'production',
      gads_enable: false,
      api_host: config.publicUrl,
      usePostHog_enable: false,
    },
  };
}
