import type { THEMES } from '@app/contract/account/personalization/personalization';
import { createContext, useContext } from 'react';

export type ThemeMode = (typeof THEMES)[number];

/** Provided by the app's config provider from the user's personalization. */
export const ThemeModeContext = createContext<ThemeMode>('light');

/** The theme in use, for the few places that draw outside antd (grids, charts, previews). */
export function useThemeMode(): ThemeMode {
  return useContext(ThemeModeContext);
}
