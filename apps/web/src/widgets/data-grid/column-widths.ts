import type { ColDef, ColGroupDef } from 'ag-grid-community';

/**
 * The one column-width rule of the lists (issue 26, item 5; docs/decisions.md "Tables fit"). A
 * page says what a column holds, never how wide it is: the kind gives the least width that fits
 * its widest content, the header's text (in the language shown) adds its own, and the grid scrolls
 * sideways rather than squeezing a column below that. Dates keep one line and are never cut; an
 * actions column stays pinned on the right, as wide as its buttons; text that is still cut (a long
 * name or description) shows whole in a tooltip.
 */
export type ColumnKind =
  /** Free text (a name, a title, an e-mail): cut with an ellipsis, whole in a tooltip. */
  | 'text'
  /** A description, a message, a note: twice the share of the spare width. */
  | 'longText'
  /** An identifier written as recorded (a code, an id, a queue): like text. */
  | 'code'
  /** `YYYY-MM-DD HH:mm:ss`, the widest date format a user may choose. */
  | 'dateTime'
  | 'date'
  /** A count, right-aligned. */
  | 'number'
  /** An amount with its currency (`HK$123,456.78`), right-aligned. */
  | 'money'
  /** A file size (`1023.99 MB`), right-aligned. */
  | 'size'
  /** A tag naming a state: `samples` are its labels. */
  | 'status'
  /** The row's buttons: `samples` are their labels. Pinned on the right. */
  | 'actions';

/** What a column holds, declared beside AG Grid's own column definition. */
export interface ColumnContent {
  /** Default `text`. */
  kind?: ColumnKind;
  /**
   * The widest texts the column shows beyond what its kind knows: a status column's labels, an
   * actions column's button labels, an identifier's longest shape. Translated, like the header.
   */
  samples?: readonly string[];
  /** Actions: each button shows an icon before its label. */
  buttonIcons?: boolean;
}

/** A leaf column of the grid: AG Grid's definition and what it holds. */
export type GridColDef<Row> = ColDef<Row> & ColumnContent;

/** A column or a group of columns, as pages hand them to the grid. */
export type GridColumnDef<Row> = GridColDef<Row> | GridColGroupDef<Row>;

export interface GridColGroupDef<Row> extends Omit<ColGroupDef<Row>, 'children'> {
  children: GridColumnDef<Row>[];
}

export type TextWeight = 'normal' | 'bold';
/** The width in px of `text` in the grid's font (headers are bold). */
export type MeasureText = (text: string, weight: TextWeight) => number;

/** Content every column of a kind may show, whatever the language (digits, units, a currency). */
export const KIND_SAMPLES: Record<ColumnKind, readonly string[]> = {
  text: [],
  longText: [],
  code: [],
  dateTime: ['0000-00-00 00:00:00'],
  date: ['0000-00-00'],
  number: ['0,000,000'],
  money: ['-HK$000,000.00'],
  size: ['1023.99 MB'],
  status: [],
  actions: [],
};

/** The least width of a column whose content has no fixed shape (text fills the spare width). */
const KIND_FLOOR: Record<ColumnKind, number> = {
  text: 120,
  longText: 200,
  code: 120,
  dateTime: 0,
  date: 0,
  number: 0,
  money: 0,
  size: 0,
  status: 0,
  actions: 0,
};

/** Room around a cell's text: the grid's padding on both sides (15 px) and the column's border. */
export const CELL_CHROME = 32;
/** Room around a header's text: padding on both sides. */
export const HEADER_CHROME = 34;
/** The sort arrow a sortable header shows once sorted (drawn beside the text). */
export const SORT_ICON = 24;
/** The filter button of a header when column filters are on. */
export const FILTER_ICON = 28;
/** A tag's padding, border and the gap after it. */
export const TAG_CHROME = 26;
/** A small button's padding and border (16 px), and the gap to the next one. */
export const BUTTON_CHROME = 20;
/** A button's icon and the gap between it and the label. */
export const BUTTON_ICON = 22;

export interface FitOptions {
  measure: MeasureText;
  /** Whether the headers show a filter button (client mode from 20 rows). */
  filters: boolean;
}

const widest = (texts: readonly string[], measure: MeasureText, weight: TextWeight = 'normal') =>
  texts.reduce((most, text) => Math.max(most, measure(text, weight)), 0);

/** The width the header needs to show its whole text beside its sort arrow and filter button. */
export function headerWidth<Row>(def: ColDef<Row>, { measure, filters }: FitOptions): number {
  const text = def.headerName ?? def.field ?? '';
  if (!text) return 0;
  const icons =
    (def.sortable === false ? 0 : SORT_ICON) + (filters && def.filter !== false ? FILTER_ICON : 0);
  return measure(text, 'bold') + HEADER_CHROME + icons;
}

/** The width a cell needs for the widest content its kind and samples name. */
export function contentWidth(
  kind: ColumnKind,
  samples: readonly string[],
  measure: MeasureText,
  icons = false,
): number {
  if (kind === 'actions') {
    // Buttons side by side, each its label, its chrome and its icon.
    const chrome = BUTTON_CHROME + (icons ? BUTTON_ICON : 0);
    const buttons = samples.reduce((sum, label) => sum + measure(label, 'normal') + chrome, 0);
    return buttons + CELL_CHROME;
  }
  const text = widest([...KIND_SAMPLES[kind], ...samples], measure);
  const chrome = kind === 'status' ? TAG_CHROME : 0;
  return Math.max(KIND_FLOOR[kind], text > 0 ? text + chrome + CELL_CHROME : 0);
}

const RIGHT_ALIGNED = new Set<ColumnKind>(['number', 'money', 'size']);
/** Kinds whose content has a known widest shape: as wide as that, the spare width going to text. */
const FIXED = new Set<ColumnKind>(['dateTime', 'date', 'number', 'money', 'size', 'status']);
/** Kinds whose text may be cut at the least width: the tooltip shows it whole. */
const MAY_BE_CUT = new Set<ColumnKind>(['text', 'longText', 'code']);

/** One leaf column under the rule: AG Grid's definition, without the content it was told. */
export function fitColumn<Row>(def: GridColDef<Row>, options: FitOptions): ColDef<Row> {
  const { kind = 'text', samples = [], buttonIcons = false, ...colDef } = def;
  const least = Math.ceil(
    Math.max(
      contentWidth(kind, samples, options.measure, buttonIcons),
      headerWidth(colDef, options),
      colDef.minWidth ?? 0,
    ),
  );
  const fitted: ColDef<Row> = { ...colDef, minWidth: least };
  if (fitted.maxWidth !== undefined && fitted.maxWidth < least) fitted.maxWidth = least;
  if (fitted.width !== undefined && fitted.width < least) fitted.width = least;
  if (kind === 'longText' && fitted.flex === undefined) fitted.flex = 2;
  if (FIXED.has(kind) && fitted.flex === undefined && fitted.width === undefined) {
    fitted.flex = null;
    fitted.width = least;
  }
  if (RIGHT_ALIGNED.has(kind) && fitted.type === undefined) fitted.type = 'rightAligned';
  // Text the cell cuts shows whole when pointed at (the grid shows the tooltip only then). A cell
  // the page draws itself gives its own title (AsWrittenCell does).
  const ownTooltip =
    colDef.tooltip !== undefined ||
    colDef.tooltipField !== undefined ||
    colDef.tooltipValueGetter !== undefined;
  if (MAY_BE_CUT.has(kind) && !colDef.cellRenderer && !ownTooltip) fitted.tooltip = true;
  if (kind === 'actions') {
    // Always in view and as wide as its buttons: the other columns scroll under it, never it over them.
    Object.assign(fitted, {
      pinned: 'right',
      lockPinned: true,
      width: least,
      maxWidth: least,
      flex: null,
      resizable: false,
      sortable: false,
      suppressMovable: true,
    } satisfies ColDef<Row>);
  }
  return fitted;
}

/** Every column of a grid under the rule (groups keep their shape). */
export function fitColumns<Row>(
  defs: GridColumnDef<Row>[],
  options: FitOptions,
): (ColDef<Row> | ColGroupDef<Row>)[] {
  return defs.map((def) =>
    'children' in def ? { ...def, children: fitColumns(def.children, options) } : fitColumn(def, options),
  );
}

/** The grid's font, as the antd theme gives it. */
export interface GridFont {
  family: string;
  size: number;
}

/** Header text is drawn at this weight (grid-theme.ts `headerFontWeight`). */
const HEADER_WEIGHT = 600;

const canvasMeasures = new Map<string, MeasureText>();

/**
 * Measures text in the browser's own font (an OffscreenCanvas), so widths fit what the user sees;
 * where there is no canvas (tests, old browsers) the estimate below stands in.
 */
export function measureTextIn(font: GridFont): MeasureText {
  const key = `${font.size}px ${font.family}`;
  const known = canvasMeasures.get(key);
  if (known) return known;
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  const estimate = estimateText(font.size);
  const cache = new Map<string, number>();
  const measure: MeasureText = context
    ? (text, weight) => {
        const id = `${weight}\u0000${text}`;
        const cached = cache.get(id);
        if (cached !== undefined) return cached;
        context.font = `${weight === 'bold' ? HEADER_WEIGHT : 400} ${key}`;
        const width = context.measureText(text).width;
        cache.set(id, width);
        return width;
      }
    : estimate;
  canvasMeasures.set(key, measure);
  return measure;
}

/** CJK ideographs, kana, hangul and full-width forms: one em each. */
const FULL_WIDTH =
  /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const NARROW = /[\s.,:;'!|`ilj()[\]{}/\\-]/;
const WIDE = /[mwMW@%]/;

/**
 * Widths in em of a wide sans-serif (DejaVu Sans, the widest fallback a Linux browser picks), so
 * the estimate errs on the wide side: digits and most letters 0.64 (0.7 bold), capitals 0.72
 * (0.8), narrow marks 0.36, m, w and @ 1, CJK and full-width forms 1.
 */
export function estimateText(fontSize: number): MeasureText {
  return (text, weight) => {
    const bold = weight === 'bold';
    let ems = 0;
    for (const char of text) {
      if (FULL_WIDTH.test(char)) ems += 1;
      else if (NARROW.test(char)) ems += bold ? 0.4 : 0.36;
      else if (WIDE.test(char)) ems += bold ? 1.08 : 1;
      else if (char >= 'A' && char <= 'Z') ems += bold ? 0.8 : 0.72;
      else ems += bold ? 0.7 : 0.64;
    }
    return ems * fontSize;
  };
}
