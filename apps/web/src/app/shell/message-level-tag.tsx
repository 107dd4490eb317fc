import type { zMessageLevel } from '@app/contract/user/get-basic-infos';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type MessageLevel = z.infer<typeof zMessageLevel>;

const COLORS: Record<MessageLevel, string | undefined> = {
  important: 'red',
  warning: 'orange',
  special: 'purple',
  other: undefined,
};

export function MessageLevelTag({ level }: { level: MessageLevel }) {
  const { t } = useTranslation();
  const labels: Record<MessageLevel, string> = {
    important: t('Important'),
    warning: t('Warning'),
    special: t('Special'),
    other: t('Other'),
  };
  return (
    <Tag color={COLORS[level]} style={{ marginInlineEnd: 0 }}>
      {labels[level]}
    </Tag>
  );
}
