import { ArrowLeftOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../widgets/brand/brand-mark';
import { LanguageButton } from '../../shell/language-button';
import { MessagesButton } from '../../shell/messages-button';
import { UserMenu } from '../../shell/user-menu';

interface AdminTopBarProps {
  menuCollapsed: boolean;
  onToggleMenu: () => void;
}

/** The workspace's top bar with the console's name, a menu toggle and a way back to the workspace. */
export function AdminTopBar({ menuCollapsed, onToggleMenu }: AdminTopBarProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const toggleLabel = menuCollapsed ? t('Expand menu') : t('Collapse menu');

  return (
    <Layout.Header className="top-bar">
      <div className="admin-top-bar__start">
        <Tooltip title={toggleLabel}>
          <Button
            type="text"
            icon={menuCollapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            aria-label={toggleLabel}
            aria-expanded={!menuCollapsed}
            onClick={onToggleMenu}
          />
        </Tooltip>
        <Link to="/admin" className="top-bar__brand">
          <BrandMark compact={!screens.md} size={30} />
        </Link>
        <span className="admin-top-bar__badge">{t('Admin console')}</span>
      </div>
      <div className="top-bar__actions">
        <Link to="/chat" className="admin-top-bar__back">
          <ArrowLeftOutlined aria-hidden />
          <span>{t('Back to workspace')}</span>
        </Link>
        <MessagesButton />
        <LanguageButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
