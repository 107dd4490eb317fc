import {
  ControlOutlined,
  CrownOutlined,
  LogoutOutlined,
  MessageOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Divider, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../lib/permissions/use-can-open';
import { UserIdentity } from '../../widgets/user/user-identity';

interface UserCardProps {
  user: BasicInfos;
  /** Closes the popover once a link is followed. */
  onNavigate: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

/** The user popover's content (spec section 2, "Top bar and shared panels"). */
export function UserCard({ user, onNavigate, onSignOut, signingOut }: UserCardProps) {
  const { t } = useTranslation();
  // The admin console is offered to whoever may open it, and to nobody else.
  const mayAdminister = useCanOpen('/admin');
  const links: { to: string; icon: ReactNode; label: string }[] = [
    { to: '/account/subscription', icon: <CrownOutlined aria-hidden />, label: t('Upgrade') },
    { to: '/chat', icon: <MessageOutlined aria-hidden />, label: t('Chat') },
    { to: '/account/personal/profile', icon: <SettingOutlined aria-hidden />, label: t('Settings') },
    ...(mayAdminister
      ? [{ to: '/admin', icon: <ControlOutlined aria-hidden />, label: t('Admin console') }]
      : []),
  ];

  return (
    <div className="user-card">
      <UserIdentity user={user} avatarSize={44}>
        <span>
          <Tag color="blue" style={{ marginTop: 4, marginInlineEnd: 0 }}>
            {user.role_name}
          </Tag>
        </span>
      </UserIdentity>
      <Divider style={{ margin: '12px 0 4px' }} />
      <ul className="user-card__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="user-card__link" onClick={onNavigate}>
              {link.icon}
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="user-card__link user-card__link--danger"
            onClick={onSignOut}
            disabled={signingOut}
          >
            {signingOut ? <Spin size="small" /> : <LogoutOutlined aria-hidden />}
            {t('Log out')}
          </button>
        </li>
      </ul>
    </div>
  );
}
