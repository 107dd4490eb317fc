import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@app/contract/common';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/change-language';
import { fromLanguageTag, initialLocale } from '../../lib/i18n/locales';

/**
 * Signed-out visitors have no basic infos (where the server lists its languages), so the sign-in
 * pages offer the shipped ones, each named in its own language.
 */
const NATIVE_NAMES: Record<Locale, string> = {
  en_US: 'English',
  zh_CN: '简体中文',
  zh_HK: '繁體中文',
  fr_FR: 'Français',
};

export function AuthLanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = fromLanguageTag(i18n.language) ?? initialLocale();

  return (
    <Select<Locale>
      aria-label={t('Language')}
      value={current}
      onChange={(loc) => void changeLanguage(loc)}
      variant="borderless"
      prefix={<GlobalOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      options={LOCALES.map((loc) => ({ value: loc, label: NATIVE_NAMES[loc] }))}
    />
  );
}
