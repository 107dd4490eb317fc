import type {
  PASSWORD_MAX as CONTRACT_PASSWORD_MAX,
  PASSWORD_MIN as CONTRACT_PASSWORD_MIN,
} from '@app/contract/auth/sign-up';
import type {
  CHAT_TITLE_MAX as CONTRACT_CHAT_TITLE_MAX,
  QUESTION_MAX as CONTRACT_QUESTION_MAX,
} from '@app/contract/chat/chats';
import type {
  LANG_COOKIE as CONTRACT_LANG_COOKIE,
  LOCALES as CONTRACT_LOCALES,
  TOKEN_COOKIE as CONTRACT_TOKEN_COOKIE,
  Locale,
} from '@app/contract/common';

/**
 * The few values of the contract that the app's root and the sign-in pages need. In the contract
 * they live in modules that build zod schemas on import, and zod alone would take a sixth of those
 * pages' budget (docs/performance.md), so they are repeated here. Each is typed by the contract's
 * own constant: a change there fails the typecheck here, and `light-contract.test.ts` compares the
 * values too.
 */
export const LOCALES = ['en_US', 'zh_CN', 'zh_HK', 'fr_FR'] as const satisfies typeof CONTRACT_LOCALES;
export type { Locale };
export const DEFAULT_LOCALE: Locale = 'en_US';
export const LANG_COOKIE: typeof CONTRACT_LANG_COOKIE = 'app_lang';
export const TOKEN_COOKIE: typeof CONTRACT_TOKEN_COOKIE = 'app_token';
export const PASSWORD_MIN: typeof CONTRACT_PASSWORD_MIN = 8;
export const PASSWORD_MAX: typeof CONTRACT_PASSWORD_MAX = 128;
export const CHAT_TITLE_MAX: typeof CONTRACT_CHAT_TITLE_MAX = 120;
export const QUESTION_MAX: typeof CONTRACT_QUESTION_MAX = 4000;

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((loc) => loc === value);
}
