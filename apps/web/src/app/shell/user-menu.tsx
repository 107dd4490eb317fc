import { Popover, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { useSignOut } from './use-sign-out';
import { UserAvatar } from './user-avatar';
import { UserCard } from './user-card';

/** The avatar at the right of the top bar and its popover. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();
  const { signOut, signingOut } = useSignOut();
  const [open, setOpen] = useState(false);

  if (!user) return <Skeleton.Avatar active size={32} />;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={
        <UserCard
          user={user}
          onNavigate={() => setOpen(false)}
          onSignOut={() => void signOut()}
          signingOut={signingOut}
        />
      }
    >
      <button
        type="button"
        className="top-bar__user"
        aria-label={t('Account menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <UserAvatar username={user.username} avatarUrl={user.avatar_url} />
        <span className="top-bar__user-name">{user.username}</span>
      </button>
    </Popover>
  );
}
