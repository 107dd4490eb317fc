import type { BasicInfos } from '@app/contract/user/get-basic-infos';

/** A complete, contract-valid basic-infos answer; tests override what they are about. */
export function basicInfosFixture(overrides: Partial<BasicInfos> = {}): BasicInfos {
  return {
    id: 'user-1',
    username: 'Ada',
    avatar_url: null,
    main_bound_account: null,
    email: 'a**@example.com',
    role_name: 'user',
    created_at: 1_700_000_000,
    user_hash: 'hash',
    msgs_unread: { total: 0, msgs: [] },
    team: { id: 'team-1', name: 'Ada', role: 'owner' },
    locale: 'en_US',
    preferences: { timezone: null, theme: 'light', help_switch: true, date_format: 'yyyy-MM-dd hh:mm:ss' },
    latest_translation_version: 1,
    latest_permission_version: 1,
    latest_tag_help_version: 1,
    api_version: '1.0.0',
    languages: [{ loc: 'en_US', display: 'English', switch: true }],
    view_config: { large_menu_for_adm: false },
    usm_quota: {
      plan_key: 'free',
      plan_name: 'Free',
      credits_balance: 0,
      credits_granted: 0,
      storage_used_bytes: 0,
      storage_limit_bytes: 0,
      seats: 1,
      expire_time: null,
    },
    global_config: {
      team_name: 'Ada',
      location_val: 'global',
      default_lang: 'en_US',
      main_bound_key: 'email',
      currency: 'USD',
      dev_test: false,
      gads_enable: false,
      api_host: '',
      usePostHog_enable: false,
    },
    ...overrides,
  };
}
