import {
  type Backup,
  type BackupSettings,
  RESTORE_CONFIRMATION,
  type RestoreStatus,
  type VerifyResult,
} from '@app/contract/admin/backups/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { backupTriggerLabel, mismatchKindLabel, restorePhaseLabel } from '../../lib/labels/backup-labels';
import { jobStatusLabel } from '../../lib/labels/log-labels';
import { formatFileSize } from '../../lib/numbers';
import { DocumentTitle } from '../../widgets/brand/document-title';
import {
  backupSettingsQuery,
  backupsKey,
  backupsQuery,
  downloadLink,
  remove,
  restore,
  restoreStatusQuery,
  saveSettings,
  take,
  verify,
} from './backups-api';

const STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

/**
 * `/admin/sys-settings/backup-recovery` (issue 28 item 8): the backups (size, duration, status),
 * taking one now, the schedule and retention, downloading an archive, verifying it into a scratch
 * schema, and restoring it after typing RESTORE, with the restore's phase followed while the
 * product is in maintenance. Every action is recorded.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [following, setFollowing] = useState(false);
  const [verified, setVerified] = useState<VerifyResult | null>(null);
  const backups = useQuery(backupsQuery(page, pageSize));
  const status = useQuery(restoreStatusQuery(following));
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupsKey });

  const restoreState = status.data?.restore;
  useEffect(() => {
    if (following && restoreState && !restoreState.maintenance && restoreState.phase !== 'draining') {
      setFollowing(false);
      void refresh();
    }
  });

  const takeNow = useMutation({
    mutationFn: take,
    onSuccess: () => {
      void message.success(t('The backup has started'));
      void refresh();
    },
  });
  const removeOne = useMutation({ mutationFn: remove, onSuccess: () => void refresh() });
  const verifyOne = useMutation({
    mutationFn: verify,
    onSuccess: (answer) => setVerified(answer.verify),
  });
  const download = useMutation({
    mutationFn: downloadLink,
    onSuccess: (answer) => {
      window.open(answer.url, '_blank', 'noopener');
    },
  });

  const columns = [
    {
      key: 'started_at',
      title: t('Started'),
      render: (_: unknown, backup: Backup) => formatDate(backup.started_at),
    },
    {
      key: 'status',
      title: t('Status'),
      render: (_: unknown, backup: Backup) => (
        <Tag color={STATUS_COLORS[backup.status]} title={backup.error ?? undefined}>
          {jobStatusLabel(backup.status, t)}
        </Tag>
      ),
    },
    {
      key: 'trigger',
      title: t('Started by'),
      render: (_: unknown, backup: Backup) => backupTriggerLabel(backup.trigger, t),
    },
    {
      key: 'size',
      title: t('Size'),
      align: 'right' as const,
      render: (_: unknown, backup: Backup) =>
        backup.size_bytes === null ? '-' : formatFileSize(backup.size_bytes),
    },
    {
      key: 'duration',
      title: t('Duration'),
      align: 'right' as const,
      render: (_: unknown, backup: Backup) =>
        backup.duration_ms === null
          ? '-'
          : t('{{seconds}} s', { seconds: (backup.duration_ms / 1000).toFixed(1) }),
    },
    {
      key: 'contents',
      title: t('Contents'),
      render: (_: unknown, backup: Backup) =>
        backup.rows === null
          ? '-'
          : t('Rows: {{rows}} · Files: {{files}} · Analytics stores: {{stores}}', {
              rows: backup.rows,
              files: backup.files ?? 0,
              stores: backup.analytics_stores ?? 0,
            }),
    },
    {
      key: 'actions',
      title: t('Actions'),
      render: (_: unknown, backup: Backup) => {
        const done = backup.status === 'completed';
        return (
          <Flex gap={8} wrap>
            <Button size="small" disabled={!done} onClick={() => download.mutate(backup.id)}>
              {t('Download')}
            </Button>
            <Button
              size="small"
              disabled={!done}
              loading={verifyOne.isPending && verifyOne.variables === backup.id}
              onClick={() => verifyOne.mutate(backup.id)}
            >
              {t('Verify')}
            </Button>
            <Button size="small" danger disabled={!done} onClick={() => setRestoring(backup)}>
              {t('Restore')}
            </Button>
            <Popconfirm
              title={t('Delete this backup and its archive?')}
              okText={t('Delete')}
              cancelText={t('Cancel')}
              onConfirm={() => removeOne.mutateAsync(backup.id)}
            >
              <Button size="small" danger type="text" disabled={backup.status === 'running'}>
                {t('Delete')}
              </Button>
            </Popconfirm>
          </Flex>
        );
      },
    },
  ];

  return (
    <>
      <DocumentTitle title={t('Backup and recovery')} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Backup and recovery')}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => void refresh()} loading={backups.isFetching}>
            {t('Refresh')}
          </Button>
          <Button type="primary" loading={takeNow.isPending} onClick={() => takeNow.mutate()}>
            {t('Back up now')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">
        {t(
          'A backup holds the database, the stored files and the teams’ analytics stores (the demo data is regenerated, not backed up). A restore puts the product in maintenance until it is done.',
        )}
      </Typography.Paragraph>
      {restoreState && restoreState.phase !== 'idle' ? <RestoreProgress status={restoreState} /> : null}
      {verified ? <VerifyOutcome result={verified} onClose={() => setVerified(null)} /> : null}
      <Flex vertical gap={16}>
        <ScheduleCard />
        <Card>
          <Table<Backup>
            rowKey="id"
            loading={backups.isLoading}
            dataSource={backups.data?.items ?? []}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize,
              total: backups.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (next, size) => {
                setPage(next);
                setPageSize(size);
              },
            }}
            onRow={(backup) =>
              ({ 'data-testid': `backup-${backup.id}` }) as React.HTMLAttributes<HTMLElement>
            }
          />
        </Card>
      </Flex>
      <RestoreDialog
        backup={restoring}
        onClose={() => setRestoring(null)}
        onStarted={() => {
          setRestoring(null);
          setFollowing(true);
          void status.refetch();
        }}
      />
    </>
  );
}

function RestoreProgress({ status }: { status: RestoreStatus }) {
  const { t } = useTranslation();
  const type = status.phase === 'failed' ? 'error' : status.phase === 'completed' ? 'success' : 'warning';
  return (
    <Alert
      data-testid="restore-status"
      style={{ marginBottom: 16 }}
      type={type}
      showIcon
      message={restorePhaseLabel(status.phase, t)}
      description={
        <Flex vertical gap={4}>
          {status.maintenance ? (
            <span>
              {t('The product is in maintenance: other requests are refused until the restore ends.')}
            </span>
          ) : null}
          {status.error ? <Typography.Text type="secondary">{status.error}</Typography.Text> : null}
          {status.mismatches.map((mismatch) => (
            <span key={`${mismatch.kind}:${mismatch.name}`}>
              {t('{{kind}} {{name}}: {{found}} instead of {{expected}}', {
                kind: mismatchKindLabel(mismatch.kind, t),
                name: mismatch.name,
                found: mismatch.found ?? '-',
                expected: mismatch.expected ?? '-',
              })}
            </span>
          ))}
        </Flex>
      }
    />
  );
}

function VerifyOutcome({ result, onClose }: { result: VerifyResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="verify-result"
      style={{ marginBottom: 16 }}
      type={result.ok ? 'success' : 'error'}
      showIcon
      closable
      onClose={onClose}
      message={result.ok ? t('The backup can be restored') : t('The backup does not match its manifest')}
      description={t(
        'Checked: tables {{tables}} · rows {{rows}} · files {{files}} · analytics stores {{stores}}',
        {
          tables: result.tables,
          rows: result.rows,
          files: result.files,
          stores: result.analytics_stores,
        },
      )}
    />
  );
}

function ScheduleCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery(backupSettingsQuery());
  const [form] = Form.useForm<BackupSettings>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data.settings);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: () => {
      void message.success(t('Saved'));
      void queryClient.invalidateQueries({ queryKey: backupsKey });
    },
  });
  return (
    <Card title={t('Schedule')}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => save.mutate(values)}
        disabled={settings.isLoading}
      >
        <Form.Item name="schedule_enabled" label={t('Scheduled backups')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="interval_hours" label={t('Every (hours)')} rules={[{ required: true }]}>
          <InputNumber min={1} max={720} precision={0} />
        </Form.Item>
        <Form.Item name="retention" label={t('Backups kept')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={save.isPending}>
            {t('Save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function RestoreDialog({
  backup,
  onClose,
  onStarted,
}: {
  backup: Backup | null;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const start = useMutation({
    mutationFn: (id: string) => restore(id, typed),
    onSuccess: () => {
      setTyped('');
      onStarted();
    },
  });
  return (
    <Modal
      open={backup !== null}
      title={t('Restore this backup?')}
      okText={t('Restore')}
      cancelText={t('Cancel')}
      okButtonProps={{
        danger: true,
        disabled: typed.trim() !== RESTORE_CONFIRMATION,
        loading: start.isPending,
      }}
      onOk={() => backup && start.mutate(backup.id)}
      onCancel={() => {
        setTyped('');
        onClose();
      }}
    >
      <Typography.Paragraph>
        {t(
          'Everything since {{date}} is replaced by the backup: the database, the files and the analytics stores. Signed-in users may have to sign in again.',
          { date: backup ? formatDate(backup.started_at) : '' },
        )}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('Type {{word}} to confirm.', { word: RESTORE_CONFIRMATION })}
      </Typography.Paragraph>
      <Input
        aria-label={t('Confirmation')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={RESTORE_CONFIRMATION}
        data-testid="restore-confirm"
      />
    </Modal>
  );
}
