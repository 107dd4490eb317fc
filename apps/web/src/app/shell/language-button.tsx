import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@app/contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/change-language';
import { fromLanguageTag, initialLocale } from '../../lib/i18n/locales';
import { basicInfosQuery, useBasicInfos } from '../../lib/session/basic-infos';
import { LanguageDrawer } from './language-drawer';

/** Opens the language drawer; a choice re-renders the whole UI in that language. */
export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useBasicInfos();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Locale | null>(null);
  const current = fromLanguageTag(i18n.language) ?? initialLocale();

  const choose = async (loc: Locale) => {
    if (loc === current) {
      setOpen(false);
      return;
    }
    setPending(loc);
    try {
      await changeLanguage(loc);
      setOpen(false);
      // Server-made text in basic infos (message titles, language names) follows Accept-Language.
      void queryClient.invalidateQueries({ queryKey: basicInfosQuery.queryKey });
    } catch {
      void message.error(t('The language could not be changed. Try again.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Tooltip title={t('Language')}>
        <Button
          type="text"
          shape="circle"
          icon={<GlobalOutlined aria-hidden />}
          aria-label={t('Language')}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <LanguageDrawer
        open={open}
        onClose={() => setOpen(false)}
        languages={data?.languages ?? []}
        current={current}
        pending={pending}
        onChoose={(loc) => void choose(loc)}
      />
    </>
  );
}
