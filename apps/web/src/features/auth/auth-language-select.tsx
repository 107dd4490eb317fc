import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/change-language';
import { fromLanguageTag, initialLocale } from '../../lib/i18n/locales';
import { isLocale, LOCALES, type Locale } from '../../lib/light-contract';
import { LightIcon } from '../../widgets/light-ui/icon';
import { DOWN_ICON } from '../../widgets/light-ui/icons/down';
import { GLOBAL_ICON } from '../../widgets/light-ui/icons/global';
import '../../widgets/light-ui/light-ui.css';

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

/**
 * A native select: the keyboard, screen readers and a phone's own picker come with it, and it
 * costs nothing (antd's Select was a fifth of these pages' weight).
 */
export function AuthLanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = fromLanguageTag(i18n.language) ?? initialLocale();

  return (
    <span className="lui-select">
      <LightIcon shape={GLOBAL_ICON} />
      <select
        aria-label={t('Language')}
        value={current}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LOCALES.map((loc) => (
          <option key={loc} value={loc} lang={loc.replace('_', '-')}>
            {NATIVE_NAMES[loc]}
          </option>
        ))}
      </select>
      <LightIcon shape={DOWN_ICON} className="lui-select__arrow" />
    </span>
  );
}
