/** A column the user may show or hide; `title` is already translated. */
export interface ColumnChoice {
  field: string;
  title: string;
  defaultHidden?: boolean;
}

/**
 * The choices for a grid's columns: every column with a field (a computed column has no key to
 * save its flag under), titled by its header; `defaultHidden` names fields hidden until shown.
 */
export function columnChoicesFrom(
  columns: readonly { field?: string; headerName?: string }[],
  defaultHidden: readonly string[] = [],
): ColumnChoice[] {
  return columns.flatMap((column) =>
    column.field
      ? [
          {
            field: column.field,
            title: column.headerName ?? '',
            ...(defaultHidden.includes(column.field) ? { defaultHidden: true } : {}),
          },
        ]
      : [],
  );
}

/** Spec section 3 "Column-view setting: a show flag per column", as saved under type `columns`. */
export type ColumnViewValues = Record<string, { show: boolean }>;

export const COLUMNS_VIEW_TYPE = 'columns';

/** The saved flags, ignoring anything malformed: a bad saved view must not break the list. */
export function readColumnViewValues(values: Record<string, unknown> | undefined): ColumnViewValues {
  const flags: ColumnViewValues = {};
  for (const [field, entry] of Object.entries(values ?? {})) {
    if (typeof entry !== 'object' || entry === null) continue;
    const show: unknown = (entry as Record<string, unknown>).show;
    if (typeof show === 'boolean') flags[field] = { show };
  }
  return flags;
}

/**
 * Which columns show: the saved flag, else the column's default. At least one column always shows
 * (a table of no columns cannot be fixed from the table), the first one if need be.
 */
export function visibleColumns(columns: ColumnChoice[], saved: ColumnViewValues): Record<string, boolean> {
  const visible: Record<string, boolean> = {};
  for (const column of columns) visible[column.field] = saved[column.field]?.show ?? !column.defaultHidden;
  const first = columns[0];
  if (first && !columns.some((column) => visible[column.field])) visible[first.field] = true;
  return visible;
}

/** Every column's flag, so the saved view stays right when a column's default changes later. */
export function toColumnViewValues(visible: Record<string, boolean>): ColumnViewValues {
  const values: ColumnViewValues = {};
  for (const [field, show] of Object.entries(visible)) values[field] = { show };
  return values;
}

/** Hides the grid columns the user turned off (AG Grid's `hide`), for a page that has its own defs. */
export function withColumnVisibility<Def extends { field?: string; hide?: boolean | null }>(
  defs: Def[],
  visible: Record<string, boolean>,
): Def[] {
  return defs.map((def) =>
    def.field !== undefined && def.field in visible ? { ...def, hide: !visible[def.field] } : def,
  );
}
