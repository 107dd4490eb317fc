import {
  DATE_FORMATS,
  DAYJS_DATE_FORMATS,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  type Personalization,
  type Preferences,
  type THEMES,
} from '@app/contract/account/personalization/personalization';
import { LOCALES, type Locale } from '@app/contract/common';
import type { UserBasicEvent } from '@app/contract/events/subscriber';
import { AppError, validationError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { findPersonalization, type PersonalizationRow, updatePersonalization } from './personalization.repo';
import { canonicalTimezone } from './timezone';

/** Stored as the dayjs pattern (the column's default is one); the wire carries the spec's spelling. */
function dateFormatFromStored(stored: string): DateFormat {
  return DATE_FORMATS.find((format) => DAYJS_DATE_FORMATS[format] === stored) ?? DEFAULT_DATE_FORMAT;
}

const isLocale = (value: string | null): value is Locale =>
  value !== null && (LOCALES as readonly string[]).includes(value);

/** The preferences basic infos carries; values the product no longer offers fall back to defaults. */
export function toPreferences(row: Omit<PersonalizationRow, 'locale'>): Preferences {
  return {
    timezone: row.timezone,
    theme: row.theme === 'dark' ? 'dark' : 'light',
    help_switch: row.helpSwitch,
    date_format: dateFormatFromStored(row.dateFormat),
  };
}

function toPersonalization(row: PersonalizationRow, fallbackLocale: Locale): Personalization {
  // No saved language yet: the one this request is answered in is what the user sees.
  return { language: isLocale(row.locale) ? row.locale : fallbackLocale, ...toPreferences(row) };
}

export async function getPersonalization(platform: Platform, ctx: SignedInContext): Promise<Personalization> {
  const user = ctx.user;
  const row = await findPersonalization(platform.db, user.id);
  if (!row) throw new AppError('BEARER_TOKEN_ERROR');
  return toPersonalization(row, ctx.locale);
}

export interface PersonalizationInput {
  language?: Locale;
  timezone?: string | null;
  theme?: (typeof THEMES)[number];
  help_switch?: boolean;
  date_format?: DateFormat;
}

/** Saves the fields given; an unknown time zone is refused before anything is written. */
export async function savePersonalization(
  platform: Platform,
  ctx: SignedInContext,
  input: PersonalizationInput,
): Promise<Personalization> {
  const user = ctx.user;
  let timezone: string | null | undefined = input.timezone;
  if (typeof input.timezone === 'string') {
    timezone = canonicalTimezone(input.timezone);
    if (!timezone) throw validationError({ timezone: 'Not a known time zone' });
  }
  // Saved and announced together: the user's other tabs and devices (topic user_basic) apply
  // the change without a reload, and never hear of one that did not commit.
  return platform.db.transaction(async (tx) => {
    const row = await updatePersonalization(tx, user.id, {
      ...(input.language !== undefined ? { locale: input.language } : {}),
      ...(timezone !== undefined ? { timezone } : {}),
      ...(input.theme !== undefined ? { theme: input.theme } : {}),
      ...(input.help_switch !== undefined ? { helpSwitch: input.help_switch } : {}),
      ...(input.date_format !== undefined ? { dateFormat: DAYJS_DATE_FORMATS[input.date_format] } : {}),
    });
    if (!row) throw new AppError('BEARER_TOKEN_ERROR');
    const saved = toPersonalization(row, ctx.locale);
    const event: UserBasicEvent = { user_global_view: { settings: saved } };
    await platform.events.publish('user_basic', user.id, event, tx);
    return saved;
  });
}
