import { Popover, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { UserAvatar } from '../../widgets/user/user-avatar';
import { lazyPart, Suspense } from './load-on-open';
import { useSignOut } from './use-sign-out';

// The card loads when the popover first opens, not with the page (docs/performance.md).
const UserCard = lazyPart(() => import('./user-card').then((m) => m.UserCard));

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
        <Suspense fallback={<Skeleton active avatar paragraph={{ rows: 2 }} style={{ width: 240 }} />}>
          <UserCard
            user={user}
            onNavigate={() => setOpen(false)}
            onSignOut={() => void signOut()}
            signingOut={signingOut}
          />
        </Suspense>
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
