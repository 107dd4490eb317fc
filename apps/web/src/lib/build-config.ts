import type { Locale } from '@app/contract/common';

/** Which login variant and default language this build ships (spec section 2 and 9). */
export type Region = 'global' | 'cn';

export const REGION: Region = import.meta.env.VITE_REGION === 'cn' ? 'cn' : 'global';

/** A China-region build starts in Chinese; every other build in English. */
export const BUILD_DEFAULT_LOCALE: Locale = REGION === 'cn' ? 'zh_CN' : 'en_US';

/** The front-end version the admin menu shows next to the API version. */
export const APP_VERSION: string = __APP_VERSION__;
