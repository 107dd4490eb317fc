import type { ICellRendererParams } from 'ag-grid-community';

/**
 * A grid cell whose text is data shown exactly as recorded (an audit action, a target id, a user
 * agent): marked `translate="no"`, so neither a browser's translator nor the translation gate
 * (e2e/links.spec.ts) takes it for words of the UI.
 */
export function AsWrittenCell({ valueFormatted, value }: ICellRendererParams) {
  return (
    <span translate="no">
      {valueFormatted ?? (value === null || value === undefined ? '' : String(value))}
    </span>
  );
}
