import type { Preferences } from '@app/contract/account/personalization/personalization';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { setDatePreferences } from '../lib/date-preferences';
import { useAntdLocale } from '../lib/i18n/antd-locale';
import { useCachedBasicInfos } from '../lib/session/basic-infos';
import { themeFor } from '../lib/theme';
import { type ThemeMode, ThemeModeContext } from '../lib/theme-mode';

/**
 * The signed-in user's saved preferences, null while signed out. It only listens: the route
 * guards and the top bar fetch basic infos, and the user's `user_basic` stream writes changes made
 * in other tabs into them; a public page asks nothing.
 */
function useSavedPreferences(): Preferences | null {
  return useCachedBasicInfos()?.preferences ?? null;
}

/**
 * Plain CSS (`var(--ant-...)`), the browser's own controls and scrollbars, and the page behind
 * the app follow the theme too, not only antd's components.
 */
function useDocumentTheme(mode: ThemeMode): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    const bodyBg = themeFor(mode).components?.Layout?.bodyBg;
    document.body.style.backgroundColor = typeof bodyBg === 'string' ? bodyBg : '';
    return () => {
      delete root.dataset.theme;
      root.style.colorScheme = '';
      document.body.style.backgroundColor = '';
    };
  }, [mode]);
}

/**
 * antd's own texts (pagination, pickers, empty states) follow the UI language as it changes, and
 * the whole app follows the user's theme, date format and time zone (account personalization).
 */
export function LocalizedConfigProvider({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const preferences = useSavedPreferences();
  const mode: ThemeMode = preferences?.theme === 'dark' ? 'dark' : 'light';
  // During render, not in an effect: the pages rendered in this same pass already format dates
  // the new way. Assigning the same values again is harmless.
  setDatePreferences(
    preferences ? { date_format: preferences.date_format, timezone: preferences.timezone } : null,
  );
  useDocumentTheme(mode);
  // antd's date pickers format through dayjs, whose locale follows the UI language. Loaded after
  // the first render: no page opens on a picker, and /chat shows no dates (docs/performance.md).
  useEffect(() => {
    void import('../lib/i18n/dayjs-locale').then((dayjsLocale) => dayjsLocale.followUiLanguageInDayjs());
  }, []);

  return (
    // antd puts a space between two CJK characters in a button ("登 录"); no button of ours wants it.
    <ConfigProvider locale={locale} theme={themeFor(mode)} button={{ autoInsertSpace: false }}>
      <ThemeModeContext.Provider value={mode}>{children}</ThemeModeContext.Provider>
    </ConfigProvider>
  );
}
