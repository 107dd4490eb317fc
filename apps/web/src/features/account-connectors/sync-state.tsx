import type { ConnectorService } from '@app/contract/connectors/connectors';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { syncPhaseLabel } from '../../lib/labels/connector-labels';
import { SyncStatusTag } from '../../widgets/google-connector/sync-status-tag';

type Sync = ConnectorService['sync'];

/**
 * Where a service's sync stands: its state, and while it moves the share of date windows done
 * (no figure yet: an indeterminate bar), the phase, the range and the rows written; a paused sync
 * says when it goes on by itself.
 */
export function SyncState({ sync }: { sync: Sync }) {
  const { t } = useTranslation();
  const moving = sync.status === 'queued' || sync.status === 'running' || sync.status === 'waiting';
  const phase = sync.phase ? syncPhaseLabel(sync.phase, t) : null;
  return (
    <Flex vertical gap={4} data-testid="sync-state">
      <Flex gap={8} align="center" wrap>
        <SyncStatusTag status={sync.status} />
        {phase ? <Typography.Text type="secondary">{phase}</Typography.Text> : null}
      </Flex>
      {moving ? (
        sync.progress === null ? (
          <Progress percent={100} status="active" showInfo={false} size="small" aria-label={t('Syncing')} />
        ) : (
          <Progress
            percent={Math.round(sync.progress * 100)}
            status={sync.status === 'waiting' ? 'normal' : 'active'}
            size="small"
            aria-label={t('Sync progress')}
          />
        )
      ) : null}
      {sync.range && sync.status !== 'idle' ? (
        <Typography.Text type="secondary">
          {t('{{start}} to {{end}}, {{count}} rows', {
            start: sync.range.start,
            end: sync.range.end,
            count: sync.rows,
            defaultValue_one: '{{start}} to {{end}}, {{count}} row',
          })}
        </Typography.Text>
      ) : null}
      {sync.status === 'waiting' && sync.next_attempt_at !== null ? (
        <Typography.Text type="secondary">
          {t('It goes on by itself at {{time}}.', {
            time: formatDate(sync.next_attempt_at),
          })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
