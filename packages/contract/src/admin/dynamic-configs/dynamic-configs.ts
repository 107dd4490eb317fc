import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/**
 * Dynamic configs (`/admin/sys-settings/dynamic-configs`): settings an admin changes while the
 * server runs, each with a default, every change recorded. The spec's "Global config"
 * `gads_enable` is the first; the Google services' switches of the platforms page live here too.
 */
export interface DynamicConfigDef {
  key: string;
  label: string;
  description: string;
  type: 'bool';
  default_value: boolean;
}

export const DYNAMIC_CONFIGS = [
  {
    key: 'gads_enable',
    label: 'Google Ads connector',
    description: 'Offer Google Ads on the connectors page (spec: global config gads_enable)',
    type: 'bool',
    default_value: false,
  },
  {
    key: 'google_ga_enable',
    label: 'Google Analytics 4 connector',
    description: 'Offer Google Analytics 4 on the connectors page',
    type: 'bool',
    default_value: true,
  },
  {
    key: 'google_gsc_enable',
    label: 'Google Search Console connector',
    description: 'Offer Google Search Console on the connectors page',
    type: 'bool',
    default_value: true,
  },
] as const satisfies readonly DynamicConfigDef[];

export type DynamicConfigKey = (typeof DYNAMIC_CONFIGS)[number]['key'];
export const zDynamicConfigKey = z.enum(
  DYNAMIC_CONFIGS.map((def) => def.key) as [DynamicConfigKey, ...DynamicConfigKey[]],
  { message: 'Unknown setting' },
);

export const zDynamicConfig = z.object({
  key: zDynamicConfigKey,
  label: z.string(),
  description: z.string(),
  type: z.literal('bool'),
  value: z.boolean(),
  default_value: z.boolean(),
  /** Null while the default applies. */
  updated_at: zSeconds.nullable(),
  updated_by: z.string().nullable(),
});
export type DynamicConfig = z.infer<typeof zDynamicConfig>;

const tags = ['admin: settings'];

export const listDynamicConfigs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-settings/dynamic-configs',
  permission: 'admin.settings.read',
  summary: 'Settings changed while the server runs, with their values and defaults',
  tags,
  response: z.object({ items: z.array(zDynamicConfig) }),
});

export const putDynamicConfig = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-settings/dynamic-configs/{key}',
  permission: 'admin.settings.edit',
  summary: 'Change one setting (recorded)',
  tags,
  params: z.object({ key: zDynamicConfigKey }),
  body: z.object({ value: z.boolean() }),
  response: zDynamicConfig,
});
