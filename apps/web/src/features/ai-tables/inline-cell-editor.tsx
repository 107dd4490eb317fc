import type { AiTableColumn, CellValue } from '@app/contract/ai-tables/tables';
import { Input, InputNumber, Select } from 'antd';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface InlineCellEditorProps {
  column: AiTableColumn;
  value: CellValue;
  onSave: (value: CellValue) => Promise<void>;
  onDone: () => void;
}

/**
 * Writes a text, number or label cell in place: Enter or leaving the field saves, Escape gives
 * up. A value left as it was is not sent; a cleared one is saved as empty.
 */
export function InlineCellEditor({ column, value, onSave, onDone }: InlineCellEditorProps) {
  const { t } = useTranslation();
  // Enter saves and then the field loses focus: the second end must not save again.
  const settled = useRef(false);
  const finish = async (next: CellValue | undefined) => {
    if (settled.current) return;
    settled.current = true;
    try {
      if (next !== undefined && next !== value) await onSave(next);
    } catch {
      // The error catalogue has shown the refusal; the cell keeps its value.
    } finally {
      onDone();
    }
  };
  const giveUpOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') void finish(undefined);
  };
  const label = t('Cell value');

  if (column.ai?.output === 'label') {
    return (
      <Select
        size="small"
        autoFocus
        defaultOpen
        className="ai-cell__editor"
        aria-label={label}
        defaultValue={typeof value === 'string' ? value : undefined}
        options={(column.ai.labels ?? []).map((choice) => ({ value: choice, label: choice }))}
        onChange={(choice: string) => void finish(choice)}
        onBlur={() => void finish(undefined)}
        onKeyDown={giveUpOnEscape}
      />
    );
  }
  if (column.ai?.output === 'number') {
    const read = (text: string): CellValue | undefined => {
      if (text.trim() === '') return null;
      const number = Number(text.replace(/,/g, ''));
      return Number.isFinite(number) ? number : undefined;
    };
    return (
      <InputNumber
        size="small"
        autoFocus
        className="ai-cell__editor"
        aria-label={label}
        defaultValue={typeof value === 'number' ? value : undefined}
        onPressEnter={(event) => void finish(read(event.currentTarget.value))}
        onBlur={(event) => void finish(read(event.currentTarget.value))}
        onKeyDown={giveUpOnEscape}
      />
    );
  }
  const read = (text: string): CellValue => (text.trim() === '' ? null : text.trim());
  return (
    <Input
      size="small"
      autoFocus
      className="ai-cell__editor"
      aria-label={label}
      defaultValue={typeof value === 'string' ? value : ''}
      onPressEnter={(event) => void finish(read(event.currentTarget.value))}
      onBlur={(event) => void finish(read(event.currentTarget.value))}
      onKeyDown={giveUpOnEscape}
    />
  );
}
