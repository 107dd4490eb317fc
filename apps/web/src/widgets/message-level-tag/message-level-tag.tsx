import type { zMessageLevel } from '@app/contract/user/get-basic-infos';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageLevelLabel } from '../../lib/labels/message-labels';

type MessageLevel = z.infer<typeof zMessageLevel>;

const COLORS: Record<MessageLevel, string | undefined> = {
  important: 'red',
  warning: 'orange',
  special: 'purple',
  other: undefined,
};

export function MessageLevelTag({ level }: { level: MessageLevel }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[level]} style={{ marginInlineEnd: 0 }}>
      {messageLevelLabel(level, t)}
    </Tag>
  );
}
