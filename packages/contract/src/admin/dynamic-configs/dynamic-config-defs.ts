import { z } from 'zod';
import { LOCALES } from '../../common';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../storage/file-types';

/**
 * The settings an admin changes while the server runs (`/admin/sys-settings/dynamic-configs`),
 * one closed list: each key has a type, a default and the bounds its values are held to. The
 * server validates every value it stores against its definition; the web picks the control from
 * the type and checks JSON with the same schema before sending it.
 */
export const DYNAMIC_CONFIG_TYPES = ['bool', 'string', 'int', 'enum', 'json'] as const;
export type DynamicConfigType = (typeof DYNAMIC_CONFIG_TYPES)[number];

export const DYNAMIC_CONFIG_GROUPS = ['global', 'runtime', 'connectors'] as const;
export type DynamicConfigGroup = (typeof DYNAMIC_CONFIG_GROUPS)[number];

interface DefBase {
  key: string;
  label: string;
  description: string;
  group: DynamicConfigGroup;
  /** The default is the server's environment (region, NODE_ENV, UPLOAD_MAX_BYTES...), not `default_value`. */
  env_default?: true;
}

export type DynamicConfigDef =
  | (DefBase & { type: 'bool'; default_value: boolean })
  | (DefBase & { type: 'string'; default_value: string; max_length: number })
  | (DefBase & { type: 'int'; default_value: number; min: number; max: number })
  | (DefBase & { type: 'enum'; default_value: string; options: readonly [string, ...string[]] })
  | (DefBase & { type: 'json'; default_value: unknown; schema: z.ZodType });

/** Both upload limits move together: a JSON value checked by this schema. */
export const zUploadLimits = z.object({
  max_files: z.number().int().min(1).max(100),
  max_bytes: z
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024 * 1024),
});
export type UploadLimits = z.infer<typeof zUploadLimits>;

export const DYNAMIC_CONFIGS = [
  // Spec section 3, "Global config", answered in basic infos under the same names.
  {
    key: 'team_name',
    label: 'Team name',
    description: 'Shown as the team name; empty keeps each team its own name',
    group: 'global',
    type: 'string',
    default_value: '',
    max_length: 100,
  },
  {
    key: 'location_val',
    label: 'Location',
    description: 'The region the client behaves as (by default the server region)',
    group: 'global',
    type: 'enum',
    options: ['global', 'cn'],
    default_value: 'global',
    env_default: true,
  },
  {
    key: 'default_lang',
    label: 'Default language',
    description: 'The language for a visitor without a choice (by default by region)',
    group: 'global',
    type: 'enum',
    options: LOCALES,
    default_value: 'en_US',
    env_default: true,
  },
  {
    key: 'main_bound_key',
    label: 'Main bound account',
    description: 'The account a user is known by: e-mail, or WeChat in China (by default by region)',
    group: 'global',
    type: 'enum',
    options: ['email', 'wechat'],
    default_value: 'email',
    env_default: true,
  },
  {
    key: 'currency',
    label: 'Currency',
    description: 'The currency prices are shown in (by default by region)',
    group: 'global',
    type: 'enum',
    options: ['USD', 'CNY', 'EUR'],
    default_value: 'USD',
    env_default: true,
  },
  {
    key: 'dev_test',
    label: 'Development and test mode',
    description: 'The client shows its test aids (by default on outside production)',
    group: 'global',
    type: 'bool',
    default_value: false,
    env_default: true,
  },
  {
    key: 'gads_enable',
    label: 'Google Ads connector',
    description: 'Offer Google Ads on the connectors page (spec: global config gads_enable)',
    group: 'global',
    type: 'bool',
    default_value: false,
  },
  {
    key: 'api_host',
    label: 'API host',
    description: 'The address clients call the API at; empty keeps the server public address',
    group: 'global',
    type: 'string',
    default_value: '',
    max_length: 300,
  },
  {
    key: 'usePostHog_enable',
    label: 'PostHog analytics',
    description: 'The client reports usage to PostHog',
    group: 'global',
    type: 'bool',
    default_value: false,
  },
  // Runtime settings the server reads on each request.
  {
    key: 'upload_limits',
    label: 'Upload limits',
    description: 'Files per upload and bytes per file (by default the server environment)',
    group: 'runtime',
    type: 'json',
    schema: zUploadLimits,
    default_value: { max_files: UPLOAD_MAX_FILES, max_bytes: UPLOAD_MAX_BYTES },
    env_default: true,
  },
  {
    key: 'sign_up_enable',
    label: 'Sign-up open',
    description: 'New users may create an account with their e-mail',
    group: 'runtime',
    type: 'bool',
    default_value: true,
  },
  {
    key: 'default_plan',
    label: 'Default plan',
    description: 'The key or id of the plan a new team starts on; empty keeps the plan marked default',
    group: 'runtime',
    type: 'string',
    default_value: '',
    max_length: 100,
  },
  {
    key: 'chat_rate_limit',
    label: 'Chat messages per minute',
    description: 'How many chat messages one client may send in a minute',
    group: 'runtime',
    type: 'int',
    default_value: 60,
    min: 1,
    max: 10_000,
  },
  // The Google services' switches of the platforms page.
  {
    key: 'google_ga_enable',
    label: 'Google Analytics 4 connector',
    description: 'Offer Google Analytics 4 on the connectors page',
    group: 'connectors',
    type: 'bool',
    default_value: true,
  },
  {
    key: 'google_gsc_enable',
    label: 'Google Search Console connector',
    description: 'Offer Google Search Console on the connectors page',
    group: 'connectors',
    type: 'bool',
    default_value: true,
  },
] as const satisfies readonly DynamicConfigDef[];

type Defs = (typeof DYNAMIC_CONFIGS)[number];
export type DynamicConfigKey = Defs['key'];
export const zDynamicConfigKey = z.enum(
  DYNAMIC_CONFIGS.map((def) => def.key) as [DynamicConfigKey, ...DynamicConfigKey[]],
  { message: 'Unknown setting' },
);

/** The on/off settings (connector switches and the like). */
export type BoolDynamicConfigKey = Extract<Defs, { type: 'bool' }>['key'];

type ValueOfDef<D> = D extends { type: 'bool' }
  ? boolean
  : D extends { type: 'int' }
    ? number
    : D extends { type: 'string' }
      ? string
      : D extends { type: 'enum'; options: readonly (infer O)[] }
        ? O
        : D extends { type: 'json'; schema: infer S extends z.ZodType }
          ? z.infer<S>
          : never;

/** The value type of one key (`chat_rate_limit` is a number, `default_lang` a locale...). */
export type DynamicConfigValue<K extends DynamicConfigKey> = ValueOfDef<Extract<Defs, { key: K }>>;

export function dynamicConfigDef(key: DynamicConfigKey): DynamicConfigDef {
  const def = (DYNAMIC_CONFIGS as readonly DynamicConfigDef[]).find((d) => d.key === key);
  if (!def) throw new Error(`unknown dynamic config ${key}`);
  return def;
}

/** The messages a refused value gets (msgids: the server translates them, the web shows them). */
export const VALUE_MESSAGES = {
  bool: 'Choose on or off',
  string: 'Enter a text no longer than allowed',
  int: 'Enter a whole number within the bounds shown',
  enum: 'Choose one of the listed options',
  json: 'This JSON does not have the expected shape',
} as const satisfies Record<DynamicConfigType, string>;

/** The schema a value of `def` must pass; its message says what is wrong in words for people. */
export function valueSchema(def: DynamicConfigDef): z.ZodType {
  const message = VALUE_MESSAGES[def.type];
  switch (def.type) {
    case 'bool':
      return z.boolean({ message });
    case 'string':
      return z.string({ message }).max(def.max_length, { message });
    case 'int':
      return z.number({ message }).int({ message }).min(def.min, { message }).max(def.max, { message });
    case 'enum':
      return z.enum(def.options, { message });
    case 'json':
      return def.schema;
  }
}
