import { type PageDefinition, signedInPage } from './page-route';

/**
 * Pages of the mobile shell (spec section 2, "Mobile shell"; the path's spelling is the spec's),
 * rendered above the bottom menu with its chat and personal-center tabs.
 */
export const mobilePages: PageDefinition[] = [
  signedInPage('/moblie/personal-center', () =>
    import('../../features/mobile-shell/personal-center-page').then((m) => m.PersonalCenterPage),
  ),
  signedInPage('/moblie/personal-settings', () =>
    import('../../features/mobile-shell/personal-settings-page').then((m) => m.PersonalSettingsPage),
  ),
];
