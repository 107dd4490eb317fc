import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdLocale } from '../lib/i18n/antd-locale';
import { appTheme } from './theme';

/** antd's own texts (pagination, pickers, empty states) follow the UI language as it changes. */
export function LocalizedConfigProvider({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={appTheme}>
      {children}
    </ConfigProvider>
  );
}
