import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';
import { closeNotice, popUpNoticesQuery } from './pop-up-notices-api';

/**
 * Admin broadcasts marked pop-up, one at a time, until the user closes each (closed on every
 * device: the server keeps it, and the user's other tabs drop it when their stream says so).
 * Rendered by the root layout for signed-in users only.
 */
export function PopUpNotices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notices = useQuery(popUpNoticesQuery);
  // Closed here while the server could not be told: not shown again in this tab all the same.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const current = notices.data?.items.find((notice) => !dismissed.has(notice.id));

  const close = useMutation({
    mutationFn: closeNotice,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(popUpNoticesQuery.queryKey, (old) =>
        old ? { items: old.items.filter((notice) => notice.id !== id) } : old,
      ),
    onError: (_error, id) => setDismissed((before) => new Set(before).add(id)),
  });

  const closeCurrent = () => {
    if (current && !close.isPending) close.mutate(current.id);
  };

  // Gone at once when the last is closed: the next one, if any, takes its place in the same modal.
  if (!current) return null;
  return (
    <Modal
      open
      title={
        <Flex align="center" gap={8} wrap>
          <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{current.title}</span>
          <MessageLevelTag level={current.level} />
        </Flex>
      }
      onCancel={closeCurrent}
      mask={{ closable: false }}
      footer={
        <Button type="primary" loading={close.isPending} onClick={closeCurrent}>
          {t('Got it')}
        </Button>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
        {current.body}
      </Typography.Paragraph>
    </Modal>
  );
}
