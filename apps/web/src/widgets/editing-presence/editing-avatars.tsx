import type { Editor } from '@app/contract/events/subscriber';
import { Avatar, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';

/** Spec section 9: "Avatars: up to 5 collapsed, 10 expanded". */
export const COLLAPSED_AVATARS = 5;
export const EXPANDED_AVATARS = 10;

function EditorAvatar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('{{name}} is also editing', { name: editor.username })}>
      <Avatar
        src={editor.avatar_url ?? undefined}
        alt={editor.username}
        style={editor.avatar_url ? undefined : { background: 'var(--ant-color-primary, #3b5bdb)' }}
      >
        {editor.username.trim().charAt(0).toUpperCase()}
      </Avatar>
    </Tooltip>
  );
}

/**
 * The other people editing the same record (never the current user): a few avatars, the rest
 * behind a "+N" that opens the next ones, and how many there are. Nothing when the user is alone.
 */
export function EditingAvatars({ editors }: { editors: Editor[] }) {
  const { t } = useTranslation();
  const selfId = useBasicInfos().data?.id;
  // Until we know who "self" is, every editor could be us: show nobody rather than ourselves.
  const others = selfId ? editors.filter((editor) => editor.user_id !== selfId) : [];
  if (others.length === 0) return null;

  return (
    <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      <Avatar.Group size="small" max={{ count: COLLAPSED_AVATARS, popover: { trigger: ['hover', 'click'] } }}>
        {others.slice(0, EXPANDED_AVATARS).map((editor) => (
          <EditorAvatar key={editor.user_id} editor={editor} />
        ))}
      </Avatar.Group>
      <Typography.Text type="secondary">
        {t('Also editing: {{number}}', { number: others.length })}
      </Typography.Text>
    </Flex>
  );
}
