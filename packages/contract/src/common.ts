import { z } from 'zod';

/** The four languages the product ships (ARCHITECTURE: seeded). */
export const LOCALES = ['en_US', 'zh_CN', 'zh_HK', 'fr_FR'] as const;
export const zLocale = z.enum(LOCALES);
export type Locale = z.infer<typeof zLocale>;
export const DEFAULT_LOCALE: Locale = 'en_US';
/** The language cookie the client keeps for one year (spec section 9). */
export const LANG_COOKIE = 'app_lang';
/** The cookie the SPA keeps its bearer token in (ARCHITECTURE section 5). */
export const TOKEN_COOKIE = 'app_token';

/** Unix time in seconds, the wire format of every timestamp. */
export const zSeconds = z.number().int().nonnegative();

export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));
