import type { DynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-config-defs';

type Translate = (msgid: string) => string;

/** Every setting's name and meaning in the reader's language (one line per key, checked by type). */
export function settingTexts(t: Translate): Record<DynamicConfigKey, { label: string; description: string }> {
  return {
    team_name: {
      label: t('Team name'),
      description: t('Shown as the team name; empty keeps each team its own name.'),
    },
    location_val: {
      label: t('Location'),
      description: t('The region the client behaves as (by default the server region).'),
    },
    default_lang: {
      label: t('Default language'),
      description: t('The language for a visitor without a choice (by default by region).'),
    },
    main_bound_key: {
      label: t('Main bound account'),
      description: t('The account a user is known by: e-mail, or WeChat in China.'),
    },
    currency: {
      label: t('Currency'),
      description: t('The currency prices are shown in (by default by region).'),
    },
    dev_test: {
      label: t('Development and test mode'),
      description: t('The client shows its test aids (by default on outside production).'),
    },
    gads_enable: {
      label: t('Google Ads connector'),
      description: t('Offer Google Ads on the connectors page.'),
    },
    api_host: {
      label: t('API host'),
      description: t('The address clients call the API at; empty keeps the server public address.'),
    },
    usePostHog_enable: {
      label: t('PostHog analytics'),
      description: t('The client reports usage to PostHog.'),
    },
    upload_limits: {
      label: t('Upload limits'),
      description: t('Files per upload (max_files) and bytes per file (max_bytes).'),
    },
    sign_up_enable: {
      label: t('Sign-up open'),
      description: t('New users may create an account with their e-mail.'),
    },
    default_plan: {
      label: t('Default plan'),
      description: t('The key or id of the plan a new team starts on; empty keeps the plan marked default.'),
    },
    chat_rate_limit: {
      label: t('Chat messages per minute'),
      description: t('How many chat messages one client may send in a minute.'),
    },
    google_ga_enable: {
      label: t('Google Analytics 4 connector'),
      description: t('Offer Google Analytics 4 on the connectors page.'),
    },
    google_gsc_enable: {
      label: t('Google Search Console connector'),
      description: t('Offer Google Search Console on the connectors page.'),
    },
  };
}

/** A value as the page shows it (on/off for switches, JSON for objects, "(default)" for none). */
export function shownValue(t: Translate, value: unknown): string {
  if (value === null || value === undefined) return t('(default)');
  if (typeof value === 'boolean') return value ? t('On') : t('Off');
  if (typeof value === 'string') return value === '' ? t('(empty)') : value;
  return JSON.stringify(value);
}
