import { Grid, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../widgets/brand/brand-mark';
import { LanguageButton } from './language-button';
import { MessagesButton } from './messages-button';
import { UserMenu } from './user-menu';

export function TopBar() {
  // Below 576 px the product name would push the actions off screen; the logo alone remains.
  const screens = Grid.useBreakpoint();
  const { t } = useTranslation();

  return (
    <Layout.Header className="top-bar">
      <Link to="/chat" className="top-bar__brand">
        <BrandMark compact={!screens.sm} size={30} />
      </Link>
      {/* The workspace's areas: chatting with the assistant, and running analyses. */}
      <nav className="top-bar__nav" aria-label={t('Workspace')}>
        <NavLink to="/chat" className="top-bar__nav-link">
          {t('Chat')}
        </NavLink>
        <NavLink to="/ai-table/analysis" className="top-bar__nav-link">
          {t('Analysis')}
        </NavLink>
        <NavLink to="/ai-table" end className="top-bar__nav-link">
          {t('AI tables')}
        </NavLink>
      </nav>
      <div className="top-bar__actions">
        <MessagesButton />
        <LanguageButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
