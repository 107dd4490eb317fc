import { z } from 'zod';
import { zPreferences } from '../account/personalization/personalization';
import { zLocale, zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';

export const zMessageLevel = z.enum(['important', 'warning', 'special', 'other']);

/** Spec section 3, "Unread message". */
export const zUnreadMessage = z.object({
  id: z.string(),
  level: zMessageLevel,
  title: z.string(),
  body: z.string(),
  /** An in-app path (or address) the message points to, if any. */
  link: z.string().nullable(),
  creation_time: zSeconds,
});

export const zLanguage = z.object({ loc: zLocale, display: z.string(), switch: z.boolean() });

/**
 * What the user's team may use: its plan, its credits (balance, the part held by AI work in
 * flight, this period's grant) and storage. `expire_time` is the end of a paid period (null on
 * the free plan); `period_start`/`period_end` bound the credit grant. The fields added with
 * billing are optional in the schema only so that answers recorded before them still parse; the
 * server always sends them.
 */
export const zUsmQuota = z.object({
  plan_key: z.string(),
  plan_name: z.string(),
  credits_balance: z.number().int(),
  credits_granted: z.number().int(),
  storage_used_bytes: z.number().int(),
  storage_limit_bytes: z.number().int(),
  seats: z.number().int(),
  expire_time: zSeconds.nullable(),
  credits_held: z.number().int().optional(),
  credits_available: z.number().int().optional(),
  period_start: zSeconds.nullable().optional(),
  period_end: zSeconds.nullable().optional(),
});

/** Spec section 3, "Global config". */
export const zGlobalConfig = z.object({
  team_name: z.string(),
  location_val: z.string(),
  default_lang: zLocale,
  main_bound_key: z.string(),
  currency: z.string(),
  dev_test: z.boolean(),
  gads_enable: z.boolean(),
  api_host: z.string(),
  usePostHog_enable: z.boolean(),
});

/**
 * Spec section 3, "User (basic info)" and "Basic info response", answered as one object.
 * `email` is masked keeping the first and last letters; `preferences` are the user's time zone,
 * theme, help switch and date format (account personalization).
 */
export const zBasicInfos = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  main_bound_account: z.string().nullable(),
  email: z.string(),
  role_name: z.string(),
  created_at: zSeconds,
  user_hash: z.string(),
  msgs_unread: z.object({ total: z.number().int(), msgs: z.array(zUnreadMessage) }),
  team: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  locale: zLocale,
  preferences: zPreferences,
  latest_translation_version: z.number().int(),
  latest_permission_version: z.number().int(),
  latest_tag_help_version: z.number().int(),
  api_version: z.string(),
  languages: z.array(zLanguage),
  view_config: z.object({ large_menu_for_adm: z.boolean() }),
  usm_quota: zUsmQuota,
  global_config: zGlobalConfig,
});
export type BasicInfos = z.infer<typeof zBasicInfos>;

export const getBasicInfos = defineEndpoint({
  method: 'GET',
  path: '/api/user/basic-infos',
  permission: 'signed_in',
  summary: 'The signed-in user, their team and the versions the client caches against',
  tags: ['user'],
  response: zBasicInfos,
});
