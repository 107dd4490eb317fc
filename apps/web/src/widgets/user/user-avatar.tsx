import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';

interface UserAvatarProps {
  username: string;
  avatarUrl: string | null;
  size?: number;
}

/** The user's picture, else the first letter of their name. */
export function UserAvatar({ username, avatarUrl, size = 32 }: UserAvatarProps) {
  const initial = username.trim().charAt(0).toUpperCase();
  return (
    <Avatar
      size={size}
      src={avatarUrl ?? undefined}
      icon={initial ? undefined : <UserOutlined aria-hidden />}
      // antd only shrinks a letter to fit, never enlarges it: at 56 px a 14 px letter looked lost.
      style={
        avatarUrl
          ? undefined
          : { background: 'var(--ant-color-primary, #1677ff)', fontSize: Math.round(size * 0.45) }
      }
      alt=""
    >
      {initial || null}
    </Avatar>
  );
}
