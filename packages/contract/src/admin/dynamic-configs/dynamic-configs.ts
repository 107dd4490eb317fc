import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { zListQueryOf, zListResponse } from '../../list';
import {
  DYNAMIC_CONFIG_GROUPS,
  DYNAMIC_CONFIG_TYPES,
  type DynamicConfigKey,
  zDynamicConfigKey,
} from './dynamic-config-defs';

export type { DynamicConfigKey };

/**
 * Dynamic configs (`/admin/sys-settings/dynamic-configs`): typed settings an admin changes while
 * the server runs (the spec's global config, upload and rate limits, the sign-up switch, the
 * default plan, the Google services' switches), each with a default; every change is kept in a
 * history that can be rolled back. Definitions: `dynamic-config-defs.ts`.
 */

/**
 * A setting's value on the wire: what its type holds (JSON for `json`). Not `z.json()`: that one
 * is recursive, and the API document would need it as a component; the definition checks the rest.
 */
export const zDynamicConfigValue = z.union([
  z.boolean(),
  z.number(),
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

export const zDynamicConfig = z.object({
  key: zDynamicConfigKey,
  label: z.string(),
  description: z.string(),
  group: z.enum(DYNAMIC_CONFIG_GROUPS),
  type: z.enum(DYNAMIC_CONFIG_TYPES),
  value: zDynamicConfigValue,
  /** What applies without a stored value (the server's environment where `default_source` says so). */
  default_value: zDynamicConfigValue,
  default_source: z.enum(['definition', 'environment']),
  /** `int` bounds, `string` length, `enum` options. */
  min: z.number().int().optional(),
  max: z.number().int().optional(),
  max_length: z.number().int().optional(),
  options: z.array(z.string()).optional(),
  /** Null while the default applies. */
  updated_at: zSeconds.nullable(),
  updated_by: z.string().nullable(),
});
export type DynamicConfig = z.infer<typeof zDynamicConfig>;

/** One change: the value before and after (null: the default applied), who and when. */
export const zDynamicConfigChange = z.object({
  id: z.string(),
  key: zDynamicConfigKey,
  old_value: zDynamicConfigValue.nullable(),
  new_value: zDynamicConfigValue.nullable(),
  changed_by: z.string().nullable(),
  changed_at: zSeconds,
  /** Set when this change rolled back an earlier one (its id). */
  rollback_of: z.string().nullable(),
});
export type DynamicConfigChange = z.infer<typeof zDynamicConfigChange>;

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
  summary: 'Change one setting (validated against its type, recorded in its history)',
  tags,
  params: z.object({ key: zDynamicConfigKey }),
  body: z.object({ value: zDynamicConfigValue }),
  response: zDynamicConfig,
});

export const listDynamicConfigHistory = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-settings/dynamic-configs/history',
  permission: 'admin.settings.read',
  summary: "The settings' changes, newest first (one key's with `key`)",
  tags,
  query: zListQueryOf({}, { key: zDynamicConfigKey.optional() }),
  response: zListResponse(zDynamicConfigChange),
});

export const rollbackDynamicConfig = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-settings/dynamic-configs/history/{id}/rollback',
  permission: 'admin.settings.edit',
  summary: 'Give a setting back the value it had before one change (itself recorded as a change)',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: zDynamicConfig,
});
