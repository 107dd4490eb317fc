import type { Dataset } from '@app/contract/analytics/datasets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { datasetStatusLabel } from '../../lib/labels/storage-labels';
import { datasetsKey, datasetsQuery, removeDataset, startChat } from './datasets-api';

/** The team's datasets: what each holds, its import progress, a chat about it, delete. */
export function DatasetsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  /** A chat on the dataset: the composer has it picked as the source. */
  const ask = async (dataset: Dataset) => {
    const { chat } = await startChat(t('About {{name}}', { name: dataset.name }).slice(0, 120));
    void navigate(`/chat/${chat.id}`, { state: { source: `dataset:${dataset.id}` } });
  };
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const datasets = useQuery(datasetsQuery());
  const items = datasets.data?.items ?? [];
  const status = (dataset: Dataset) =>
    dataset.status === 'importing' ? (
      <Progress percent={dataset.progress} size="small" style={{ width: 160 }} />
    ) : dataset.status === 'failed' ? (
      <Tag color="error" title={dataset.error ?? ''}>
        {datasetStatusLabel(dataset.status, t)}
      </Tag>
    ) : (
      <Tag color="success">{datasetStatusLabel(dataset.status, t)}</Tag>
    );
  return (
    <Card size="small" title={t('Datasets')} style={{ marginTop: 16 }} data-testid="datasets-card">
      <List
        loading={datasets.isLoading}
        dataSource={items}
        locale={{ emptyText: t('Import a CSV or XLSX file to analyse it as a dataset.') }}
        renderItem={(dataset) => (
          <List.Item
            actions={[
              <Button
                key="ask"
                size="small"
                type="link"
                disabled={dataset.status !== 'ready'}
                onClick={() => void ask(dataset)}
              >
                {t('Ask about this dataset')}
              </Button>,
              <Button
                key="delete"
                size="small"
                type="link"
                danger
                disabled={dataset.status === 'importing'}
                onClick={() =>
                  modal.confirm({
                    title: t('Delete this dataset?'),
                    content: dataset.name,
                    okText: t('Delete'),
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await removeDataset(dataset.id);
                      await queryClient.invalidateQueries({ queryKey: datasetsKey });
                    },
                  })
                }
              >
                {t('Delete')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={dataset.name}
              description={
                <Typography.Text type="secondary">
                  {t('{{rows}}, {{columns}}, updated {{time}}', {
                    rows: t('{{count}} rows', {
                      count: dataset.row_count,
                      compact: true,
                      defaultValue_one: '{{count}} row',
                    }),
                    columns: t('{{count}} columns', {
                      count: dataset.columns.length,
                      defaultValue_one: '{{count}} column',
                    }),
                    time: formatDate(dataset.updated_at),
                  })}
                </Typography.Text>
              }
            />
            {status(dataset)}
          </List.Item>
        )}
      />
    </Card>
  );
}
