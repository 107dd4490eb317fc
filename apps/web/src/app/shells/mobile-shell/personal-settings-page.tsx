import {
  BgColorsOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import type { Preferences } from '@app/contract/account/personalization/personalization';
import { Segmented, Switch } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../../lib/build-config';
import { useChooseLanguage } from '../../../lib/i18n/use-choose-language';
import { themeLabel } from '../../../lib/labels/account-labels';
import { useBasicInfos } from '../../../lib/session/basic-infos';
import { DocumentTitle } from '../../../widgets/brand/document-title';
import { LanguageDrawer } from '../../shell/language-drawer';
import { MobileControlCell, MobileLinkCell } from './mobile-cell';
import { MobilePageHeader } from './mobile-page-header';
import { useSavePersonalization } from './save-personalization';

type Theme = Preferences['theme'];

/** `/moblie/personal-settings`: the few settings worth changing from a phone, one tap each. */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();
  const save = useSavePersonalization();
  const language = useChooseLanguage();
  const [languageOpen, setLanguageOpen] = useState(false);
  const themeLabelId = useId();
  const languages = user?.languages ?? [];
  const currentLanguage = languages.find((entry) => entry.loc === language.current)?.display;
  const preferences = user?.preferences;
  // Which control is waiting for the server, so only that one shows progress.
  const saving = save.isPending ? save.variables : undefined;

  return (
    <>
      <DocumentTitle title={t('Settings')} />
      <MobilePageHeader title={t('Settings')} backTo="/moblie/personal-center" />
      <div className="mobile-page">
        <ul className="mobile-cells">
          <li>
            <button type="button" className="mobile-cell" onClick={() => setLanguageOpen(true)}>
              <span className="mobile-cell__icon" aria-hidden>
                <GlobalOutlined aria-hidden />
              </span>
              <span className="mobile-cell__label">{t('Language')}</span>
              <span className="mobile-cell__value">{currentLanguage}</span>
            </button>
          </li>
          <li>
            <MobileControlCell
              icon={<BgColorsOutlined aria-hidden />}
              label={t('Theme')}
              labelId={themeLabelId}
              value={
                <Segmented<Theme>
                  aria-labelledby={themeLabelId}
                  value={preferences?.theme ?? 'light'}
                  disabled={!preferences || saving?.theme !== undefined}
                  options={[
                    { value: 'light', label: themeLabel('light', t) },
                    { value: 'dark', label: themeLabel('dark', t) },
                  ]}
                  onChange={(theme) => save.mutate({ theme })}
                />
              }
            />
          </li>
          <li>
            <MobileControlCell
              icon={<QuestionCircleOutlined aria-hidden />}
              label={t('Show help icons')}
              value={
                <Switch
                  aria-label={t('Show help icons')}
                  checked={preferences?.help_switch ?? true}
                  disabled={!preferences}
                  loading={saving?.help_switch !== undefined}
                  onChange={(helpSwitch) => save.mutate({ help_switch: helpSwitch })}
                />
              }
            />
          </li>
        </ul>
        <ul className="mobile-cells">
          <li>
            <MobileLinkCell
              to="/account/security"
              icon={<SafetyOutlined aria-hidden />}
              label={t('Security')}
            />
          </li>
          <li>
            <MobileControlCell
              icon={<InfoCircleOutlined aria-hidden />}
              label={t('Version')}
              value={<span className="mobile-cell__value">{APP_VERSION}</span>}
            />
          </li>
        </ul>
      </div>
      <LanguageDrawer
        open={languageOpen}
        onClose={() => setLanguageOpen(false)}
        languages={languages}
        current={language.current}
        pending={language.pending}
        onChoose={(loc) =>
          void language.choose(loc).then((changed) => {
            if (changed) setLanguageOpen(false);
          })
        }
      />
    </>
  );
}
