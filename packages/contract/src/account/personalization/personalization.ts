import { z } from 'zod';
import { LOCALES, zLocale } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/**
 * Spec section 9: the date formats, written as the spec writes them (default first). `hh` is read
 * as the 24-hour clock: none of the formats has an AM/PM marker, so a 12-hour clock would make
 * 09:00 and 21:00 look the same.
 */
export const DATE_FORMATS = ['yyyy-MM-dd hh:mm:ss', 'yyyy-MM', 'yyyy-MM-dd', 'yyyy-MM-dd hh'] as const;
export const zDateFormat = z.enum(DATE_FORMATS, { message: 'Not a supported date format' });
export type DateFormat = z.infer<typeof zDateFormat>;
export const DEFAULT_DATE_FORMAT: DateFormat = 'yyyy-MM-dd hh:mm:ss';

/** The same formats as dayjs tokens, for the web's `dayjs(t).format(...)` (and the stored value). */
export const DAYJS_DATE_FORMATS: Record<DateFormat, string> = {
  'yyyy-MM-dd hh:mm:ss': 'YYYY-MM-DD HH:mm:ss',
  'yyyy-MM': 'YYYY-MM',
  'yyyy-MM-dd': 'YYYY-MM-DD',
  'yyyy-MM-dd hh': 'YYYY-MM-DD HH',
};

export const THEMES = ['light', 'dark'] as const;
export const zTheme = z.enum(THEMES, { message: 'Choose light or dark' });

/**
 * A time zone name from the IANA database (`Europe/Paris`, `Asia/Shanghai`, `UTC`). The server
 * checks it against the zones its runtime knows; null means "follow the browser".
 */
export const zTimezone = z.string().trim().min(1).max(64);

/** What basic infos carries so every page formats times and shows help the user's way. */
export const zPreferences = z.object({
  timezone: z.string().nullable(),
  theme: zTheme,
  help_switch: z.boolean(),
  date_format: zDateFormat,
});
export type Preferences = z.infer<typeof zPreferences>;

export const zPersonalization = zPreferences.extend({ language: zLocale });
export type Personalization = z.infer<typeof zPersonalization>;

export const getPersonalization = defineEndpoint({
  method: 'GET',
  path: '/api/account/personalization',
  permission: 'signed_in',
  summary: "The caller's language, time zone, theme, help switch and date format",
  tags: ['account'],
  response: zPersonalization,
});

/** Fields left out keep their value; `timezone: null` goes back to the browser's zone. */
export const putPersonalization = defineEndpoint({
  method: 'PUT',
  path: '/api/account/personalization',
  permission: 'signed_in',
  summary: "Save the caller's personalization (fields left out are kept)",
  tags: ['account'],
  body: z.object({
    language: z.enum(LOCALES, { message: 'Not a supported language' }).optional(),
    timezone: zTimezone.nullable().optional(),
    theme: zTheme.optional(),
    help_switch: z.boolean().optional(),
    date_format: zDateFormat.optional(),
  }),
  response: zPersonalization,
});
