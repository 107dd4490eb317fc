import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import {
  BUTTON_CHROME,
  BUTTON_ICON,
  CELL_CHROME,
  type ColumnKind,
  estimateText,
  FILTER_ICON,
  fitColumn,
  fitColumns,
  type GridColDef,
  HEADER_CHROME,
  type MeasureText,
  measureTextIn,
  SORT_ICON,
  TAG_CHROME,
} from './column-widths';
import { gridBehaviour } from './grid-options';

interface Row {
  name: string;
  created_at: number;
}

// The estimate of a wide Linux font (DejaVu Sans) at antd's 14 px: what jsdom has instead of a canvas.
const measure: MeasureText = estimateText(14);
const sized = (def: GridColDef<Row>, filters = false) => fitColumn(def, { measure, filters });
const least = (def: ColDef<Row>) => def.minWidth ?? 0;

const LANGUAGES = {
  en_US: { created: 'Created', payable: 'Payable amount', status: ['Unpaid', 'Paid', 'Refunded'] },
  zh_CN: { created: '创建时间', payable: '应付金额', status: ['待支付', '已支付', '已退款'] },
  zh_HK: { created: '建立時間', payable: '應付金額', status: ['待付款', '已付款', '已退款'] },
  fr_FR: { created: 'Création', payable: 'Montant à payer', status: ['Non payée', 'Payée', 'Remboursée'] },
};

describe('the column-width rule', () => {
  it('a date column is never narrower than YYYY-MM-DD HH:mm:ss with the cell’s padding', () => {
    for (const [language, words] of Object.entries(LANGUAGES)) {
      const column = sized({ field: 'created_at', headerName: words.created, kind: 'dateTime' });
      expect(least(column), language).toBeGreaterThanOrEqual(
        measure('2026-11-27 06:12:33', 'normal') + CELL_CHROME,
      );
      // A page's own smaller width cannot squeeze it (the grid scrolls instead).
      const squeezed = sized({
        field: 'created_at',
        headerName: words.created,
        kind: 'dateTime',
        width: 100,
        maxWidth: 120,
      });
      expect(squeezed.width).toBeGreaterThanOrEqual(least(column));
      expect(squeezed.maxWidth).toBeGreaterThanOrEqual(least(column));
    }
  });

  it('a date keeps its width and leaves the spare room to text (it does not flex)', () => {
    const date = sized({ field: 'created_at', headerName: 'Created', kind: 'dateTime' });
    expect(date.flex).toBeNull();
    expect(date.width).toBe(least(date));
    expect(sized({ field: 'name', headerName: 'Name' }).flex).toBeUndefined();
    expect(sized({ field: 'name', headerName: 'Description', kind: 'longText' }).flex).toBe(2);
  });

  it('a header is never cut: the column fits its text, sort arrow and filter button in every language', () => {
    for (const [language, words] of Object.entries(LANGUAGES)) {
      const header = words.payable;
      const column = sized({ field: 'name', headerName: header, kind: 'money' });
      expect(least(column), language).toBeGreaterThanOrEqual(
        measure(header, 'bold') + HEADER_CHROME + SORT_ICON,
      );
      const filtered = sized({ field: 'name', headerName: header, kind: 'money' }, true);
      expect(least(filtered), language).toBeGreaterThanOrEqual(
        measure(header, 'bold') + HEADER_CHROME + SORT_ICON + FILTER_ICON,
      );
      // A column that cannot sort keeps no room for the arrow (here the header sets the width).
      const sorted = sized({ field: 'name', headerName: header, kind: 'status' });
      const unsorted = sized({ field: 'name', headerName: header, kind: 'status', sortable: false });
      expect(least(sorted) - least(unsorted), language).toBe(SORT_ICON);
    }
  });

  it('a status column fits its widest label as a tag, in every language', () => {
    for (const [language, words] of Object.entries(LANGUAGES)) {
      const column = sized({ field: 'name', headerName: 'S', kind: 'status', samples: words.status });
      const widest = Math.max(...words.status.map((label) => measure(label, 'normal')));
      expect(least(column), language).toBeGreaterThanOrEqual(widest + TAG_CHROME + CELL_CHROME);
    }
  });

  it('an actions column is pinned right, as wide as its buttons, and never squeezed or moved', () => {
    const labels = ['History', 'Extend', 'Cancel subscription'];
    const column = sized({ colId: 'actions', headerName: '', kind: 'actions', samples: labels });
    const buttons = labels.reduce((sum, label) => sum + measure(label, 'normal') + BUTTON_CHROME, 0);
    expect(column.pinned).toBe('right');
    expect(column.lockPinned).toBe(true);
    expect(column.width).toBeGreaterThanOrEqual(buttons + CELL_CHROME);
    expect(column.maxWidth).toBe(column.width);
    expect(column.flex).toBeNull();
    expect(column.sortable).toBe(false);
    const withIcons = sized({ colId: 'actions', kind: 'actions', samples: labels, buttonIcons: true });
    expect(withIcons.width).toBeGreaterThanOrEqual((column.width ?? 0) + labels.length * BUTTON_ICON);
  });

  it('text that may still be cut shows whole in a tooltip, unless the page draws the cell', () => {
    for (const kind of ['text', 'longText', 'code'] as const) {
      expect(sized({ field: 'name', kind }).tooltip, kind).toBe(true);
    }
    expect(sized({ field: 'name', cellRenderer: () => null }).tooltip).toBeUndefined();
    const own = () => 'own';
    expect(sized({ field: 'name', tooltip: own }).tooltip).toBe(own);
    for (const kind of ['dateTime', 'number', 'status', 'actions'] as ColumnKind[]) {
      expect(sized({ field: 'name', kind }).tooltip, kind).toBeUndefined();
    }
  });

  it('numbers, amounts and sizes are right-aligned and fit their widest shape', () => {
    const money = sized({ field: 'name', headerName: 'A', kind: 'money' });
    expect(money.type).toBe('rightAligned');
    expect(least(money)).toBeGreaterThanOrEqual(measure('HK$123,456.78', 'normal') + CELL_CHROME);
    const size = sized({ field: 'name', headerName: 'S', kind: 'size' });
    expect(least(size)).toBeGreaterThanOrEqual(measure('1023.99 MB', 'normal') + CELL_CHROME);
    expect(sized({ field: 'name', kind: 'number', type: 'numericColumn' }).type).toBe('numericColumn');
  });

  it('hands AG Grid its own column definition: what the page declared is not passed on', () => {
    const [column] = fitColumns<Row>(
      [{ field: 'name', kind: 'status', samples: ['Paid'], headerName: 'Status' }],
      { measure, filters: false },
    );
    expect(column).not.toHaveProperty('kind');
    expect(column).not.toHaveProperty('samples');
    expect(column).not.toHaveProperty('buttonIcons');
  });

  it('sizes the columns inside a group too', () => {
    const [group] = fitColumns<Row>(
      [{ headerName: 'Dates', children: [{ field: 'created_at', headerName: 'Created', kind: 'dateTime' }] }],
      { measure, filters: false },
    );
    const inner = group && 'children' in group ? group.children[0] : undefined;
    expect((inner as ColDef<Row>).minWidth).toBeGreaterThanOrEqual(measure('0000-00-00 00:00:00', 'normal'));
  });

  it('every grid applies the rule, in client and server mode', () => {
    const columns: GridColDef<Row>[] = [{ field: 'created_at', headerName: 'Created', kind: 'dateTime' }];
    for (const mode of ['client', 'server'] as const) {
      const behaviour = gridBehaviour({
        mode,
        rowCount: 1,
        columnDefs: columns,
        serverSortable: true,
        measure,
      });
      const [column] = behaviour.columnDefs as ColDef<Row>[];
      expect(column?.minWidth, mode).toBeGreaterThanOrEqual(
        measure('0000-00-00 00:00:00', 'normal') + CELL_CHROME,
      );
      expect(behaviour.tooltips.tooltipShowMode, mode).toBe('whenTruncated');
    }
  });
});

describe('measuring text', () => {
  it('the estimate counts a CJK character a full em and errs wide on Latin text', () => {
    expect(measure('创建时间', 'bold')).toBe(4 * 14);
    // DejaVu Sans draws the date 148.7 px wide at 14 px: the estimate is not narrower.
    expect(measure('2026-11-27 06:12:33', 'normal')).toBeGreaterThanOrEqual(148.7);
    expect(measure('Payable amount', 'bold')).toBeGreaterThan(measure('Payable amount', 'normal'));
  });

  it('without a canvas (jsdom), the grid measures with the estimate', () => {
    const inGrid = measureTextIn({ family: 'sans-serif', size: 14 });
    expect(inGrid('创建时间', 'bold')).toBe(measure('创建时间', 'bold'));
  });
});
