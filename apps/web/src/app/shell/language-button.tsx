import { GlobalOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseLanguage } from '../../lib/i18n/use-choose-language';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { LanguageDrawer } from './language-drawer';

/** Opens the language drawer; a choice re-renders the whole UI in that language. */
export function LanguageButton() {
  const { t } = useTranslation();
  const { data } = useBasicInfos();
  const [open, setOpen] = useState(false);
  const { current, pending, choose } = useChooseLanguage();

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
        onChoose={(loc) => void choose(loc).then((done) => done && setOpen(false))}
      />
    </>
  );
}
