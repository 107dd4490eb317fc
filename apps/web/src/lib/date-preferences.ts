import type { Preferences } from '@app/contract/account/personalization/personalization';

/** The user's date format and time zone (account personalization); null zone = the browser's. */
export type DatePreferences = Pick<Preferences, 'date_format' | 'timezone'>;

/*
 * Where the provider layer writes the signed-in user's date preferences and `format.ts` reads
 * them. Apart from `format.ts` so the provider layer (and so every page, /chat included) does not
 * load dayjs and the contract's zod schemas just to hand them over (docs/performance.md).
 */
let current: DatePreferences | null = null;

/** Called by the app's provider whenever basic infos change (null when signed out). */
export function setDatePreferences(next: DatePreferences | null): void {
  current = next;
}

/** The saved preferences, null for the defaults (`format.ts` knows them). */
export function savedDatePreferences(): DatePreferences | null {
  return current;
}
