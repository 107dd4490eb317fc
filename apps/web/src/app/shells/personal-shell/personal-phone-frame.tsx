import { useTranslation } from 'react-i18next';
import { matchPath, Outlet, useLocation } from 'react-router';
import { MobilePageHeader } from '../mobile-shell/mobile-page-header';
import { MobileTabBar } from '../mobile-shell/mobile-tab-bar';
import { owningItem, type PersonalMenuGroup } from './personal-menu';
import '../mobile-shell/mobile-shell.css';

/** Where the personal center is: the account pages' way back on a phone. */
export const PERSONAL_CENTER = '/moblie/personal-center';

/**
 * An account page on a phone (issue 26, item 1): inside the mobile shell, not the desktop one. Its
 * header names the page and leads back (a details page to its list, a list to the personal
 * center), and the bottom menu stays, so no account page is a dead end at 375 px.
 */
export function PersonalPhoneFrame({ groups }: { groups: readonly PersonalMenuGroup[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = owningItem(groups, pathname);
  const onItsOwnPage = item !== undefined && matchPath(item.path, pathname) !== null;
  const backTo = item && !onItsOwnPage ? item.path : PERSONAL_CENTER;
  return (
    <div className="mobile-shell">
      <main>
        <MobilePageHeader title={item?.label ?? t('Personal center')} backTo={backTo} />
        <div className="personal-phone-page">
          <Outlet />
        </div>
      </main>
      <MobileTabBar />
    </div>
  );
}
