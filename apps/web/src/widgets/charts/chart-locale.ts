import { type AgChartModule, type AgLocaleOptions, LocaleModule } from 'ag-charts-community';
import { AG_CHARTS_LOCALE_FR_FR } from 'ag-charts-locale/fr-FR.js';
import { AG_CHARTS_LOCALE_ZH_CN } from 'ag-charts-locale/zh-CN.js';
import { AG_CHARTS_LOCALE_ZH_HK } from 'ag-charts-locale/zh-HK.js';
import { useTranslation } from 'react-i18next';
import { fromLanguageTag } from '../../lib/i18n/locales';

/**
 * A chart's modules with AG Charts' locale plugin, without which the `locale` option is ignored
 * and the library's words (legend items read by screen readers, say) stay English.
 */
export function chartModules(...modules: AgChartModule[]): AgChartModule[] {
  return [...modules, LocaleModule];
}

/**
 * AG Charts' own words (legend and series descriptions read by screen readers, the toolbar) in the
 * user's language; English is the library's default. Only chart chunks import this.
 */
export function useChartLocale(): AgLocaleOptions | undefined {
  const { i18n } = useTranslation();
  switch (fromLanguageTag(i18n.language)) {
    case 'zh_CN':
      return { localeText: AG_CHARTS_LOCALE_ZH_CN };
    case 'zh_HK':
      return { localeText: AG_CHARTS_LOCALE_ZH_HK };
    case 'fr_FR':
      return { localeText: AG_CHARTS_LOCALE_FR_FR };
    default:
      return undefined;
  }
}
