import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightSpinner } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { MAIL_ICON } from '../../widgets/light-ui/icons/mail';
import { WECHAT_ICON } from '../../widgets/light-ui/icons/wechat';
import { LightTabs } from '../../widgets/light-ui/tabs';

// The WeChat tab's code (its QR panel) loads when the tab is first opened: e-mail opens by default.
const WechatSignInPanel = lazy(() =>
  import('./wechat-sign-in-panel').then((m) => ({ default: m.WechatSignInPanel })),
);

type TabKey = 'wechat' | 'email';

interface CnAuthTabsProps {
  emailLabel: string;
  emailForm: ReactNode;
  /** Only the e-mail tab (the sign-in's code step: no other way in is offered mid-way). */
  emailOnly?: boolean;
}

/**
 * The WeChat tab comes first, as users in China expect, but the e-mail tab opens by default:
 * it works on every install, while the WeChat panel needs the provider configured (it says so
 * when it is not). A panel renders only while its tab is open, so the WeChat check waits for it.
 */
export function CnAuthTabs({ emailLabel, emailForm, emailOnly = false }: CnAuthTabsProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState<TabKey>('email');

  return (
    <LightTabs<TabKey>
      active={active}
      onChange={setActive}
      tabs={[
        ...(emailOnly
          ? []
          : [
              {
                key: 'wechat' as const,
                label: t('WeChat'),
                icon: <LightIcon shape={WECHAT_ICON} />,
                content: (
                  <Suspense fallback={<LightSpinner label={t('Loading')} />}>
                    <WechatSignInPanel onUseEmail={() => setActive('email')} />
                  </Suspense>
                ),
              },
            ]),
        { key: 'email', label: emailLabel, icon: <LightIcon shape={MAIL_ICON} />, content: emailForm },
      ]}
    />
  );
}
