import {
  ClockCircleOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  HistoryOutlined,
  LoadingOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { AiCell, AiTableColumn, AiTableRow, CellValue } from '@app/contract/ai-tables/tables';
import { type AdPreview, adProblems } from '@app/contract/analysis/ad-copy';
import type { ICellRendererParams } from 'ag-grid-community';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellStatusLabel } from '../../lib/labels/ai-table-labels';
import { formatCount } from '../../lib/numbers';
import { useAiGridActions } from './grid-actions';
import { InlineCellEditor } from './inline-cell-editor';

const NO_CELL: AiCell = { status: 'empty', value: null, error: null, prompt_version: null };

export function isAdCopy(value: CellValue): value is AdPreview {
  return typeof value === 'object' && value !== null;
}

/** An ad in one line: its headlines, as the title of a search result reads. */
export function adLine(ad: AdPreview): string {
  return ad.headlines.filter((headline) => headline.trim() !== '').join(' | ');
}

/**
 * An AI column's cell: its value, or where it stands (queued, running, failed with the error as a
 * tooltip, empty). A cell the job is not writing can be written by hand: text, numbers and labels
 * in place, ad copy in the ad dialog.
 */
export function AiCellRenderer({ data, colDef }: ICellRendererParams<AiTableRow>) {
  const actions = useAiGridActions();
  const column = actions.aiColumns.get(colDef?.colId ?? '');
  const row = data ? (actions.currentRow(data.id) ?? data) : undefined;
  if (!row || !column?.ai) return null;
  return <AiCellView row={row} column={column} />;
}

function AiCellView({ row, column }: { row: AiTableRow; column: AiTableColumn }) {
  const { t } = useTranslation();
  const actions = useAiGridActions();
  const [editing, setEditing] = useState(false);
  const cell = row.cells[column.id] ?? NO_CELL;
  const output = column.ai?.output ?? 'text';
  const status = cellStatusLabel(cell.status, t);

  if (cell.status === 'queued' || cell.status === 'running') {
    return (
      <span className="ai-cell ai-cell--pending">
        {cell.status === 'queued' ? (
          <ClockCircleOutlined aria-hidden />
        ) : (
          <LoadingOutlined spin aria-hidden />
        )}{' '}
        {status}
      </span>
    );
  }
  if (editing) {
    return (
      <InlineCellEditor
        column={column}
        value={cell.value}
        onSave={(value) => actions.saveCell(row.id, column, value)}
        onDone={() => setEditing(false)}
      />
    );
  }

  const edit = () => (output === 'ad_copy' ? actions.openAdCopy(row.id, column, true) : setEditing(true));
  const current = column.ai?.prompt_version ?? null;
  const older =
    cell.status === 'done' &&
    cell.prompt_version !== null &&
    current !== null &&
    cell.prompt_version < current;
  return (
    <span className="ai-cell">
      {cell.status === 'failed' ? (
        // The server keeps why a cell failed as its message id (a plain English sentence): read in
        // the reader's language where the catalogue has it, as written otherwise.
        <Tooltip title={cell.error ? t(cell.error) : status}>
          <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} tabIndex={0}>
            {status}
          </Tag>
        </Tooltip>
      ) : (
        <CellValueView row={row} column={column} value={cell.value} />
      )}
      {older && (
        <Tooltip title={t('Made with prompt version {{version}}', { version: cell.prompt_version })}>
          <HistoryOutlined
            className="ai-cell__older"
            aria-label={t('Made with prompt version {{version}}', { version: cell.prompt_version })}
          />
        </Tooltip>
      )}
      <Button
        size="small"
        type="text"
        className="ai-cell__edit"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('Edit cell')}
        onClick={edit}
      />
    </span>
  );
}

function CellValueView({ row, column, value }: { row: AiTableRow; column: AiTableColumn; value: CellValue }) {
  const { t } = useTranslation();
  const actions = useAiGridActions();
  if (value === null || value === '') return null;
  if (isAdCopy(value)) {
    const tooLong = adProblems(value).length > 0;
    return (
      <button
        type="button"
        className="ai-cell__ad"
        title={t('Open the ad preview')}
        onClick={() => actions.openAdCopy(row.id, column, false)}
      >
        {tooLong && <WarningOutlined className="ai-cell__too-long" aria-label={t('Too long')} />}
        <span translate="no">{adLine(value)}</span>
      </button>
    );
  }
  if (typeof value === 'number') {
    return <span translate="no">{formatCount(value)}</span>;
  }
  if (column.ai?.output === 'label') {
    return (
      <Tag className="ai-cell__label" translate="no">
        {value}
      </Tag>
    );
  }
  return (
    <span className="ai-cell__text" translate="no">
      {value}
    </span>
  );
}
