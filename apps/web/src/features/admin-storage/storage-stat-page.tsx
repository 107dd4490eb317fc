import type { zOrphanReport } from '@app/contract/storage/admin-storage';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatCount, formatDate, formatFileSize, formatPercent } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { checkOrphans, cleanOrphans, storageStatQuery } from './admin-storage-api';
import { GrowthChart } from './growth-chart';

type OrphanReport = z.infer<typeof zOrphanReport>;

/** `/admin/storage/stat`: totals by team, type and month, growth, the teams nearest their quota, orphans. */
export function StorageStatPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const stat = useQuery(storageStatQuery());
  const [report, setReport] = useState<OrphanReport | null>(null);
  const check = useMutation({ mutationFn: checkOrphans, onSuccess: setReport });
  const clean = useMutation({
    mutationFn: cleanOrphans,
    onSuccess: (done) => {
      void message.success(
        t('Removed {{objects}} and {{rows}}', {
          objects: t('{{count}} objects', {
            count: done.objects_removed,
            defaultValue_one: '{{count}} object',
          }),
          rows: t('{{count}} rows', { count: done.rows_removed, defaultValue_one: '{{count}} row' }),
        }),
      );
      setReport(null);
      void stat.refetch();
    },
  });
  const data = stat.data;

  return (
    <>
      <DocumentTitle title={t('Storage statistics')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Storage statistics')}
      </Typography.Title>
      {data ? (
        <Typography.Paragraph type="secondary">
          {t('From every file row, computed {{time}}', { time: formatDate(data.computed_at) })}
        </Typography.Paragraph>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small" loading={stat.isLoading}>
            <Statistic title={t('Space used')} value={formatFileSize(data?.total_bytes ?? 0)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" loading={stat.isLoading}>
            <Statistic title={t('Files')} value={formatCount(data?.total_files ?? 0)} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('Growth by month')} loading={stat.isLoading}>
            {data?.by_month.length ? (
              <GrowthChart months={data.by_month} seriesName={t('Space added')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('Nearest their quota')} loading={stat.isLoading}>
            <Table
              size="small"
              rowKey="team_id"
              pagination={false}
              dataSource={data?.nearest_quota ?? []}
              columns={[
                { title: t('Team'), dataIndex: 'team_name' },
                {
                  title: t('Used'),
                  key: 'used',
                  render: (_, row) => (
                    <Flex vertical>
                      <Progress
                        percent={Math.min(100, (row.bytes / row.limit_bytes) * 100)}
                        format={(p) => formatPercent(p ?? 0)}
                        size="small"
                      />
                      <Typography.Text type="secondary">
                        {`${formatFileSize(row.bytes)} / ${formatFileSize(row.limit_bytes)}`}
                      </Typography.Text>
                    </Flex>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('By type')} loading={stat.isLoading}>
            <Table
              size="small"
              rowKey="ext"
              pagination={false}
              dataSource={data?.by_type ?? []}
              columns={[
                { title: t('Type'), dataIndex: 'ext', render: (ext: string) => ext || t('Other') },
                { title: t('Files'), dataIndex: 'files', align: 'right' },
                {
                  title: t('Size'),
                  dataIndex: 'bytes',
                  align: 'right',
                  render: (bytes: number) => formatFileSize(bytes),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('By team')} loading={stat.isLoading}>
            <Table
              size="small"
              rowKey="team_id"
              pagination={{ pageSize: 10 }}
              dataSource={data?.by_team ?? []}
              columns={[
                { title: t('Team'), dataIndex: 'team_name' },
                { title: t('Files'), dataIndex: 'files', align: 'right' },
                {
                  title: t('Size'),
                  dataIndex: 'bytes',
                  align: 'right',
                  render: (bytes: number) => formatFileSize(bytes),
                },
                {
                  title: t('Quota'),
                  dataIndex: 'limit_bytes',
                  align: 'right',
                  render: (bytes: number) => formatFileSize(bytes),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('Orphan check')}
            extra={
              <Flex gap={8}>
                <Button loading={check.isPending} onClick={() => check.mutate()}>
                  {t('Check')}
                </Button>
                <Button
                  danger
                  disabled={
                    !report ||
                    (report.objects_without_row.length === 0 && report.rows_without_object.length === 0)
                  }
                  loading={clean.isPending}
                  onClick={() =>
                    modal.confirm({
                      title: t('Remove what the check found?'),
                      okText: t('Clean up'),
                      okButtonProps: { danger: true },
                      onOk: () => clean.mutateAsync(),
                    })
                  }
                >
                  {t('Clean up')}
                </Button>
              </Flex>
            }
          >
            {report ? (
              <Flex vertical gap={8}>
                <Typography.Text>
                  {t('{{count}} stored objects no row points to', {
                    count: report.objects_without_row.length,
                    defaultValue_one: '{{count}} stored object no row points to',
                  })}
                </Typography.Text>
                <Typography.Text>
                  {t('{{count}} rows whose object is missing', {
                    count: report.rows_without_object.length,
                    defaultValue_one: '{{count}} row whose object is missing',
                  })}
                </Typography.Text>
                {report.rows_without_object.slice(0, 20).map((row) => (
                  <Typography.Text key={row.id} type="secondary">
                    {row.name}
                  </Typography.Text>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">
                {t('Lists stored objects no row points to and rows whose object is missing.')}
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
