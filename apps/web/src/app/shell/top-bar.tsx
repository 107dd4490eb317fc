import { Grid, Layout } from 'antd';
import { Link } from 'react-router';
import { BrandMark } from '../../widgets/brand/brand-mark';
import { LanguageButton } from './language-button';
import { MessagesButton } from './messages-button';
import { UserMenu } from './user-menu';

export function TopBar() {
  // Below 576 px the product name would push the actions off screen; the logo alone remains.
  const screens = Grid.useBreakpoint();

  return (
    <Layout.Header className="top-bar">
      <Link to="/chat" className="top-bar__brand">
        <BrandMark compact={!screens.sm} size={30} />
      </Link>
      <div className="top-bar__actions">
        <MessagesButton />
        <LanguageButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
