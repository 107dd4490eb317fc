import { GlobalOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseLanguage } from '../../lib/i18n/use-choose-language';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { lazyPart, Suspense, useOpenedOnce } from './load-on-open';

// antd's Menu and Drawer are a fifth of /chat's weight: they load when the drawer first opens.
const LanguageDrawer = lazyPart(() => import('./language-drawer').then((m) => m.LanguageDrawer));

/** Opens the language drawer; a choice re-renders the whole UI in that language. */
export function LanguageButton() {
  const { t } = useTranslation();
  const { data } = useBasicInfos();
  const [open, setOpen] = useState(false);
  const { current, pending, choose } = useChooseLanguage();
  const mounted = useOpenedOnce(open);

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
      {mounted ? (
        <Suspense fallback={null}>
          <LanguageDrawer
            open={open}
            onClose={() => setOpen(false)}
            languages={data?.languages ?? []}
            current={current}
            pending={pending}
            onChoose={(loc) => void choose(loc).then((done) => done && setOpen(false))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
