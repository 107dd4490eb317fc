import { MailOutlined, WechatOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WechatSignInPanel } from '../social-auth/wechat-sign-in-panel';

type TabKey = 'wechat' | 'email';

interface CnAuthTabsProps {
  emailLabel: string;
  emailForm: ReactNode;
}

/**
 * The WeChat tab comes first, as users in China expect, but the e-mail tab opens by default:
 * it works on every install, while the WeChat panel needs the provider configured (it says so
 * when it is not).
 */
export function CnAuthTabs({ emailLabel, emailForm }: CnAuthTabsProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState<TabKey>('email');

  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setActive(key === 'wechat' ? 'wechat' : 'email')}
      centered
      items={[
        {
          key: 'wechat',
          label: t('WeChat'),
          icon: <WechatOutlined aria-hidden />,
          children: <WechatSignInPanel onUseEmail={() => setActive('email')} />,
        },
        { key: 'email', label: emailLabel, icon: <MailOutlined aria-hidden />, children: emailForm },
      ]}
    />
  );
}
