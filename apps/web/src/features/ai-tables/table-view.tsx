import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AI_TABLE_MAX_ROWS,
  type AiTableColumn,
  type AiTableRow,
  type CellValue,
  type ColumnRun,
} from '@app/contract/ai-tables/tables';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiTableKey, aiTablesKey } from '../../lib/ai-tables/ai-table-key';
import { type AiTableAnswer, withCells, withRun } from '../../lib/ai-tables/table-cache';
import { formatCount } from '../../lib/numbers';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import type { GridSelection } from '../../widgets/data-grid/grid-view-props';
import { AdCopyDialog } from './ad-copy-dialog';
import {
  addColumn,
  type ColumnInput,
  changeColumn,
  controlRun,
  exportTable,
  type RunAction,
  type RunCells,
  removeTable,
  startColumnRun,
  tableQuery,
  writeCell,
} from './ai-tables-api';
import { ColumnDrawer } from './column-drawer';
import { ColumnRunBar } from './column-run-bar';
import { type AiGridActions, AiGridActionsContext, aiColId } from './grid-actions';
import { gridColumns } from './grid-columns';
import { anyRunning } from './run-plan';

/**
 * While a run is running its progress comes on the event stream. The whole table (up to 10,000
 * rows and their cells) is read again only when the stream has been quiet this long: a dropped
 * stream or a lost message, not every few seconds beside a live stream.
 */
export const FALLBACK_REFETCH_MS = 5_000;
/** How often the quiet is checked. */
const QUIET_CHECK_MS = 1_000;

/** Up to this many rows the grid grows with them; more scroll in a body that fits the window. */
const GROWING_ROWS = 15;
const gridHeight = (rows: number) => (rows <= GROWING_ROWS ? undefined : 'max(420px, calc(100vh - 260px))');
const rowIdOf = (row: AiTableRow) => row.id;

interface TableViewProps {
  id: string;
  onBack: () => void;
}

/**
 * One AI table: its rows in the grid (data columns, then AI columns), each AI column's runs, cells
 * written by hand, export and delete.
 */
export function TableView({ id, onBack }: TableViewProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(tableQuery(id));
  const answer = query.data;
  const running = anyRunning(answer?.runs ?? []);
  const updatedAt = query.dataUpdatedAt;
  const lastUpdate = useRef(updatedAt);
  lastUpdate.current = updatedAt;
  useEffect(() => {
    if (!running) return;
    // Counted in ticks, not read from the clock: what matters is no news for a while.
    let seen = lastUpdate.current;
    let quiet = 0;
    const timer = setInterval(() => {
      if (lastUpdate.current !== seen) {
        seen = lastUpdate.current;
        quiet = 0;
        return;
      }
      quiet += QUIET_CHECK_MS;
      if (quiet >= FALLBACK_REFETCH_MS) {
        quiet = 0;
        void client.invalidateQueries({ queryKey: aiTableKey(id) });
      }
    }, QUIET_CHECK_MS);
    return () => clearInterval(timer);
  }, [running, client, id]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [drawer, setDrawer] = useState<{ editing: AiTableColumn | null } | null>(null);
  const [adCopy, setAdCopy] = useState<{ rowId: string; column: AiTableColumn; editing: boolean } | null>(
    null,
  );
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const update = useCallback(
    (change: (old: AiTableAnswer) => AiTableAnswer) =>
      client.setQueryData<AiTableAnswer>(aiTableKey(id), (old) => (old ? change(old) : old)),
    [client, id],
  );
  const reread = useCallback(() => client.invalidateQueries({ queryKey: aiTableKey(id) }), [client, id]);

  const saveCell = useCallback(
    async (rowId: string, column: AiTableColumn, value: CellValue) => {
      const { cell } = await writeCell(id, rowId, column.id, value);
      update((old) => withCells(old, [{ row_id: rowId, column_id: column.id, cell }]));
    },
    [id, update],
  );

  const columns = answer?.columns;
  const rows = answer?.rows;
  const defs = useMemo(() => (columns ? gridColumns(columns) : []), [columns]);
  const aiColumns = useMemo(
    () => new Map((columns ?? []).filter((c) => c.kind === 'ai').map((c) => [aiColId(c.id), c])),
    [columns],
  );
  const byId = useMemo(() => new Map((rows ?? []).map((row) => [row.id, row])), [rows]);
  const actions = useMemo<AiGridActions>(
    () => ({
      aiColumns,
      currentRow: (rowId) => byId.get(rowId),
      saveCell,
      openAdCopy: (rowId, column, editing) => setAdCopy({ rowId, column, editing }),
    }),
    [aiColumns, byId, saveCell],
  );
  const selection = useMemo<GridSelection>(
    () => ({ chosen, onChange: (ids) => setChosen(new Set(ids)) }),
    [chosen],
  );

  if (!answer) {
    return query.isError ? (
      <div className="ai-tables">
        <Empty description={t('This table could not be opened.')}>
          <Button onClick={onBack}>{t('All tables')}</Button>
        </Empty>
      </div>
    ) : (
      <div className="ai-tables">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }

  const { table } = answer;
  const chosenIds = answer.rows.filter((row) => chosen.has(row.id)).map((row) => row.id);

  const start = async (column: AiTableColumn, cells: RunCells) => {
    const { run } = await startColumnRun(id, column.id, cells);
    update((old) => withRun(old, run));
    if (typeof cells === 'object') setChosen(new Set());
    // The server has queued the cells: read them back so each shows as queued.
    void reread();
  };
  const control = async (run: ColumnRun, action: RunAction) => {
    try {
      const answered = await controlRun(id, run.id, action);
      update((old) => withRun(old, answered.run));
      if (action === 'cancel') void reread();
    } catch {
      // The error catalogue has shown why.
    }
  };
  const saveColumn = async (values: ColumnInput) => {
    if (drawer?.editing) await changeColumn(id, drawer.editing.id, values);
    else await addColumn(id, values);
    await reread();
  };
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportTable(id, format);
    } catch {
      // The error catalogue has shown why.
    } finally {
      setExporting(null);
    }
  };
  const remove = async () => {
    await removeTable(id);
    client.removeQueries({ queryKey: aiTableKey(id) });
    void client.invalidateQueries({ queryKey: [...aiTablesKey, 'list'] });
    onBack();
  };
  const aiList = answer.columns.filter((column) => column.kind === 'ai');
  const adRow: AiTableRow | undefined = adCopy
    ? answer.rows.find((row) => row.id === adCopy.rowId)
    : undefined;

  return (
    <div className="ai-tables">
      <DocumentTitle title={table.name} />
      <Button
        type="link"
        icon={<ArrowLeftOutlined aria-hidden />}
        onClick={onBack}
        className="ai-tables__back"
      >
        {t('All tables')}
      </Button>
      <Flex justify="space-between" align="start" wrap gap={12} className="ai-tables__header">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {table.name}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="ai-table-meta">
            {t('Source')}: <span translate="no">{table.source_label}</span> ·{' '}
            {t('Rows: {{rows}}', { rows: formatCount(table.row_count) })}
          </Typography.Text>
          {table.truncated && (
            <Tag color="warning" style={{ marginInlineStart: 8 }}>
              {t('Cut to {{count}} rows', {
                count: AI_TABLE_MAX_ROWS,
                defaultValue_one: 'Cut to {{count}} row',
              })}
            </Tag>
          )}
        </div>
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDrawer({ editing: null })}
          >
            {t('Add AI column')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting === 'csv'}
            onClick={() => void download('csv')}
          >
            {t('Export CSV')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting === 'xlsx'}
            onClick={() => void download('xlsx')}
          >
            {t('Export XLSX')}
          </Button>
          <ConfirmAction
            danger
            destructive
            icon={<DeleteOutlined aria-hidden />}
            title={t('Delete the table {{name}}?', { name: table.name })}
            description={t('Its AI columns and their cells go with it; running columns are cancelled.')}
            okText={t('Delete')}
            onConfirm={remove}
          />
        </Space>
      </Flex>
      {aiList.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('Add an AI column: a prompt over the row fields, run for every row.')}
          className="ai-tables__hint"
        />
      ) : (
        <div className="ai-tables__columns">
          {aiList.map((column) => (
            <ColumnRunBar
              key={column.id}
              column={column}
              rows={answer.rows}
              runs={answer.runs}
              cellPrice={answer.cell_price}
              chosen={chosenIds}
              onStart={start}
              onControl={control}
              onEdit={(editing) => setDrawer({ editing })}
            />
          ))}
        </div>
      )}
      {chosenIds.length > 0 && (
        <Flex align="center" gap={8} className="ai-tables__chosen">
          <Typography.Text>
            {t('Rows chosen: {{rows}}', { rows: formatCount(chosenIds.length) })}
          </Typography.Text>
          <Button size="small" type="link" onClick={() => setChosen(new Set())}>
            {t('Clear the choice')}
          </Button>
        </Flex>
      )}
      <AiGridActionsContext.Provider value={actions}>
        <DataGrid<AiTableRow>
          rowData={answer.rows}
          columnDefs={defs}
          getRowId={rowIdOf}
          paged={false}
          height={gridHeight(answer.rows.length)}
          selection={selection}
        />
      </AiGridActionsContext.Provider>
      {drawer && (
        <ColumnDrawer
          columns={answer.columns}
          editing={drawer.editing}
          onSave={saveColumn}
          onClose={() => setDrawer(null)}
        />
      )}
      {adCopy && (
        <AdCopyDialog
          column={adCopy.column}
          cell={adRow?.cells[adCopy.column.id]}
          editing={adCopy.editing}
          onSave={(value) => saveCell(adCopy.rowId, adCopy.column, value)}
          onClose={() => setAdCopy(null)}
        />
      )}
    </div>
  );
}
