import { PlusOutlined } from '@ant-design/icons';
import type { AiTable } from '@app/contract/ai-tables/tables';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aiTablesKey } from '../../lib/ai-tables/ai-table-key';
import { formatDate } from '../../lib/format';
import { formatCount } from '../../lib/numbers';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { tablesQuery } from './ai-tables-api';
import { NewTableModal, type NewTableValues } from './new-table-modal';

interface TablesHomeProps {
  /** The new-table form's values while it is open. */
  creating: NewTableValues | null;
  onCreate: (values: NewTableValues) => void;
  onOpen: (table: AiTable) => void;
  onCloseCreate: () => void;
}

/** The team's AI tables, newest first, and the way to make one. */
export function TablesHome({ creating, onCreate, onOpen, onCloseCreate }: TablesHomeProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tables = useQuery(tablesQuery());

  const created = (table: AiTable) => {
    void client.invalidateQueries({ queryKey: [...aiTablesKey, 'list'] });
    onOpen(table);
  };

  return (
    <div className="ai-tables">
      <DocumentTitle title={t('AI tables')} />
      <Flex justify="space-between" align="center" wrap gap={8} className="ai-tables__header">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('AI tables')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => onCreate({ name: '', kind: 'dataset' })}
        >
          {t('New table')}
        </Button>
      </Flex>
      {tables.data && !tables.data.allowed && (
        // Said before any work: tables can be made and read, but a plan without AI tables runs no column.
        <Alert
          type="info"
          showIcon
          className="ai-tables__plan"
          message={t('Your plan does not include AI tables: you can make tables, but not run AI columns.')}
          action={<Link to="/account/subscription">{t('Upgrade')}</Link>}
        />
      )}
      {!tables.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : tables.data.items.length === 0 ? (
        <Empty description={t('No AI tables yet: make one from a dataset or a kept result.')} />
      ) : (
        <Table<AiTable>
          rowKey="id"
          dataSource={tables.data.items}
          pagination={tables.data.items.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          columns={[
            {
              key: 'name',
              title: t('Table name'),
              render: (_, table) => (
                <Link to={`?table=${encodeURIComponent(table.id)}`} translate="no">
                  {table.name}
                </Link>
              ),
            },
            {
              key: 'source',
              title: t('Source'),
              render: (_, table) => <span translate="no">{table.source_label}</span>,
            },
            {
              key: 'rows',
              title: t('Rows'),
              align: 'right',
              render: (_, table) => (
                <>
                  {formatCount(table.row_count)}
                  {table.truncated && (
                    <Tag color="warning" style={{ marginInlineStart: 8 }}>
                      {t('Cut')}
                    </Tag>
                  )}
                </>
              ),
            },
            {
              key: 'created',
              title: t('Created'),
              render: (_, table) => formatDate(table.creation_time),
            },
          ]}
        />
      )}
      {creating && (
        <NewTableModal
          // Another link's values start a fresh form.
          key={creating.result_id ?? 'new'}
          initialValues={creating}
          onCreated={created}
          onClose={onCloseCreate}
        />
      )}
    </div>
  );
}
