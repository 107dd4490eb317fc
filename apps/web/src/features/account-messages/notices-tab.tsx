import type { Notice } from '@app/contract/messages/notices';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';
import { currentNoticesQuery } from './messages-api';
import './messages-page.css';

function NoticeCard({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Title level={5} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {notice.title}
        </Typography.Title>
        <MessageLevelTag level={notice.level} />
      </Flex>
      <Typography.Paragraph className="notice-card__body">{notice.body}</Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {notice.end_time === null
          ? t('Since {{start}}', { start: formatDate(notice.start_time) })
          : t('From {{start}} to {{end}}', {
              start: formatDate(notice.start_time),
              end: formatDate(notice.end_time),
            })}
      </Typography.Text>
    </Card>
  );
}

/** The notices in force now, newest first (pop-ups included, closed or not). */
export function NoticesTab() {
  const { t } = useTranslation();
  const notices = useQuery(currentNoticesQuery);

  if (notices.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  if (notices.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('The notices could not be loaded.')}
        action={
          <Button size="small" onClick={() => void notices.refetch()}>
            {t('Retry')}
          </Button>
        }
      />
    );
  }
  if (notices.data.items.length === 0) {
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('There are no notices right now.')} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={12}>
      {notices.data.items.map((notice) => (
        <NoticeCard key={notice.id} notice={notice} />
      ))}
    </Flex>
  );
}
