import type { zUnreadMessage } from '@app/contract/user/get-basic-infos';
import { Flex, Typography } from 'antd';
import type { z } from 'zod';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { MessageLevelTag } from './message-level-tag';

type UnreadMessage = z.infer<typeof zUnreadMessage>;

export function UnreadMessageItem({ message }: { message: UnreadMessage }) {
  const sentAt = new Date(message.creation_time * 1000);
  return (
    <li className="message-item">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Text strong style={{ minWidth: 0 }}>
          {message.title}
        </Typography.Text>
        <MessageLevelTag level={message.level} />
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: '6px 0' }}>
        {message.body}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <time dateTime={sentAt.toISOString()}>
          {formatDate(message.creation_time, DATE_FORMATS.dateTime)}
        </time>
      </Typography.Text>
    </li>
  );
}
