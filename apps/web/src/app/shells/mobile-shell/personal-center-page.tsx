import {
  BellOutlined,
  BgColorsOutlined,
  LogoutOutlined,
  MailOutlined,
  ProjectOutlined,
  SafetyOutlined,
  SettingOutlined,
  TagOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Skeleton, Spin } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../../lib/session/basic-infos';
import { DocumentTitle } from '../../../widgets/brand/document-title';
import { useSignOut } from '../../shell/use-sign-out';
import { MobileLinkCell } from './mobile-cell';
import { MobilePageHeader } from './mobile-page-header';
import { MobilePlanSummary } from './mobile-plan-summary';
import { MobileUserHeader } from './mobile-user-header';

interface Entry {
  to: string;
  label: string;
  icon: ComponentType;
}

/**
 * `/moblie/personal-center`: the phone's account page. Its entries open the desktop account pages,
 * which lay themselves out for 375 px; only the settings list is mobile-specific.
 */
export function PersonalCenterPage() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();
  const { signOut, signingOut } = useSignOut();

  const accountEntries: Entry[] = [
    { to: '/account/personal/profile', label: t('Profile'), icon: UserOutlined },
    { to: '/account/personalization', label: t('Personalization'), icon: BgColorsOutlined },
    { to: '/account/security', label: t('Security'), icon: SafetyOutlined },
    { to: '/account/messages', label: t('Messages'), icon: MailOutlined },
    { to: '/account/sys-settings', label: t('Notifications'), icon: BellOutlined },
  ];
  const teamEntries: Entry[] = [
    { to: '/account/team-manager', label: t('Team members'), icon: TeamOutlined },
    { to: '/account/project', label: t('Projects'), icon: ProjectOutlined },
    { to: '/account/brand-center', label: t('Brand center'), icon: TagOutlined },
  ];

  const cells = (entries: Entry[]) => (
    <ul className="mobile-cells">
      {entries.map((entry) => (
        <li key={entry.to}>
          <MobileLinkCell to={entry.to} icon={<entry.icon />} label={entry.label} />
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
        <nav aria-label={t('Account')}>{cells(accountEntries)}</nav>
        <nav aria-label={t('Team')}>{cells(teamEntries)}</nav>
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
