import { MessageOutlined, UserOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';

interface Tab {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The pages on which this tab is the current one. */
  owns: string[];
}

/**
 * Spec section 2: the mobile bottom menu, a chat tab and a personal-center tab. The current tab is
 * marked `aria-current="page"` and drawn in the primary colour; the settings page belongs to the
 * personal center, so that tab stays lit there too.
 */
export function MobileTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs: Tab[] = [
    { to: '/chat', label: t('Chat'), icon: MessageOutlined, owns: ['/chat', '/chat/*'] },
    {
      to: '/moblie/personal-center',
      label: t('Me'),
      icon: UserOutlined,
      // The account pages open inside the mobile shell on a phone: they belong to this tab.
      owns: [
        '/moblie/personal-center',
        '/moblie/personal-settings',
        '/pc/*',
        '/account/*',
        '/teams/*',
        '/payment',
        '/payment/*',
      ],
    },
  ];

  return (
    <nav className="mobile-tab-bar" aria-label={t('Main menu')}>
      {tabs.map((tab) => {
        const current = tab.owns.some((pattern) => matchPath(pattern, pathname) !== null);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={current ? 'mobile-tab-bar__tab mobile-tab-bar__tab--active' : 'mobile-tab-bar__tab'}
            aria-current={current ? 'page' : undefined}
          >
            <tab.icon className="mobile-tab-bar__icon" aria-hidden />
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
