import { createHmac } from 'node:crypto';
import { LOCALES, type Locale } from '@app/contract/common';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { shownEmail } from '@app/contract/user/mask-email';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { teamQuota } from '../billing/usm-quota';
import { readGlobalConfig } from '../dynamic-configs/dynamic-configs.service';
import { readUnreadKept } from '../messages/unread';
import { roleLabel } from '../permissions/role-label';
import { toPreferences } from '../personalization/personalization.service';
import { mainBoundAccount } from '../social/main-bound-account';
import { usedBytes } from '../storage/storage-files.service';

const isLocale = (loc: string): loc is Locale => (LOCALES as readonly string[]).includes(loc);

/**
 * A user's hash for the client (analytics identity without the id), the same for as long as the
 * secret is: kept per user, since a new HMAC on every call to basic infos was a sizeable part of
 * its time (bench:api).
 */
const userHashes = new WeakMap<Platform, Map<string, string>>();

function userHash(platform: Platform, userId: string): string {
  let hashes = userHashes.get(platform);
  if (!hashes) {
    hashes = new Map();
    userHashes.set(platform, hashes);
  }
  let hash = hashes.get(userId);
  if (hash === undefined) {
    hash = createHmac('sha256', platform.secret).update(`user:${userId}`).digest('hex');
    if (hashes.size >= 10_000) hashes.clear();
    hashes.set(userId, hash);
  }
  return hash;
}

/**
 * Everything the client needs at start: the user, the team, the versions its caches depend on,
 * the languages and the quota. Reads run in parallel; none depends on another.
 */
export async function getBasicInfos(platform: Platform, ctx: SignedInContext): Promise<BasicInfos> {
  const { user, team } = ctx;
  const { config } = platform;

  // Role names, languages and versions come from the caches that follow the version counters; the
  // user's settings came with the session and the unread messages are kept with it.
  const globals = await readGlobalConfig(platform);
  const mainKey = globals.main_bound_key;
  const preferences = toPreferences(user.settings);
  const [roleName, translationVersion, permissionVersion, msgs_unread, mainAccount, [storageUsed, quota]] =
    await Promise.all([
      platform.access.roleName(user.role),
      platform.translator.ensureFresh(),
      platform.access.currentVersion(),
      readUnreadKept(platform, user.id, ctx.t),
      // A query only for WeChat (China region, or an account made by WeChat sign-in).
      mainBoundAccount(platform.db, user, mainKey),
      // The team's storage counter, and its plan, credits and storage quota in one query: kept
      // with the sessions until the database says they changed (`q:<team>`).
      platform.sessions.teamMemo(team.id, 'quota', () =>
        Promise.all([usedBytes(platform.db, team.id), teamQuota(platform, team.id)]),
      ),
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
    role_name: roleLabel(ctx.t, user.role, roleName),
    created_at: toSeconds(user.createdAt),
    user_hash: userHash(platform, user.id),
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
    usm_quota: { ...quota, storage_used_bytes: storageUsed },
    // Spec section 3 global config: the admin's dynamic configs (cached per their version), whose
    // defaults are the server's environment; an empty team name or API host keeps the team's
    // own name and the server's public address.
    global_config: {
      team_name: globals.team_name || team.name,
      location_val: globals.location_val,
      default_lang: globals.default_lang,
      main_bound_key: globals.main_bound_key,
      currency: globals.currency,
      dev_test: globals.dev_test,
      gads_enable: globals.gads_enable,
      api_host: globals.api_host || config.publicUrl,
      usePostHog_enable: globals.usePostHog_enable,
    },
  };
}
