import type { ICellRendererParams } from 'ag-grid-community';

/**
 * A grid cell whose text is data shown exactly as recorded (an audit action, a target id, a user
 * agent): marked `translate="no"`, so neither a browser's translator nor the translation gate
 * (e2e/links.spec.ts) takes it for words of the UI. Such text is often longer than its column: its
 * title shows it whole (the grid's own tooltip does not measure a cell the page draws).
 */
export function AsWrittenCell({ valueFormatted, value }: ICellRendererParams) {
  const text = valueFormatted ?? (value === null || value === undefined ? '' : String(value));
  return (
    <span translate="no" title={text || undefined}>
      {text}
    </span>
  );
}
