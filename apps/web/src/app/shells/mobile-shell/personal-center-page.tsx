import { LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Skeleton, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../../lib/session/basic-infos';
import { DocumentTitle } from '../../../widgets/brand/document-title';
import { isRouted } from '../../routes/page-table';
import { useSignOut } from '../../shell/use-sign-out';
import { type PersonalMenuItem, personalMenu, visiblePersonalMenu } from '../personal-shell/personal-menu';
import { MobileLinkCell } from './mobile-cell';
import { MobilePageHeader } from './mobile-page-header';
import { MobilePlanSummary } from './mobile-plan-summary';
import { MobileUserHeader } from './mobile-user-header';

/** The desktop overview: on a phone this page is the overview. */
const OVERVIEW = '/pc/personal-index';

/**
 * `/moblie/personal-center`: the phone's account page. It lists every account area of the personal
 * menu (the desktop side menu's own list, so the two cannot drift apart), each opening inside the
 * mobile shell, and its summary opens what it summarises.
 */
export function PersonalCenterPage() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();
  const { signOut, signingOut } = useSignOut();
  const groups = useMemo(
    () =>
      visiblePersonalMenu(personalMenu(t), isRouted)
        .map((group) => ({ ...group, items: group.items.filter((item) => item.path !== OVERVIEW) }))
        .filter((group) => group.items.length > 0),
    [t],
  );

  const cells = (entries: PersonalMenuItem[]) => (
    <ul className="mobile-cells">
      {entries.map((entry) => (
        <li key={entry.path}>
          <MobileLinkCell to={entry.path} icon={<entry.icon />} label={entry.label} />
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <DocumentTitle title={t('Personal center')} />
      <MobilePageHeader title={t('Personal center')} />
      <div className="mobile-page">
        {user ? (
          <>
            <MobileUserHeader user={user} />
            <MobilePlanSummary quota={user.usm_quota} />
          </>
        ) : (
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        )}
        {groups.map((group) => (
          <nav key={group.key} aria-label={group.label}>
            {cells(group.items)}
          </nav>
        ))}
        <ul className="mobile-cells">
          <li>
            <MobileLinkCell to="/moblie/personal-settings" icon={<SettingOutlined />} label={t('Settings')} />
          </li>
        </ul>
        <ul className="mobile-cells">
          <li>
            <button
              type="button"
              className="mobile-cell mobile-cell--danger"
              onClick={() => void signOut()}
              disabled={signingOut}
            >
              {signingOut ? <Spin size="small" /> : <LogoutOutlined aria-hidden />}
              {t('Log out')}
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
