import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';

const tags = ['analytics'];

/**
 * How a dataset column is read: dates (YYYY-MM-DD or YYYY/MM/DD), numbers (thousands separators
 * allowed), percentages (`12.5%`, stored as 0.125), currency (`$1,234.50`, stored in cents), text.
 */
export const DATASET_COLUMN_TYPES = ['date', 'number', 'percent', 'currency', 'text'] as const;
export const zDatasetColumnType = z.enum(DATASET_COLUMN_TYPES);
export type DatasetColumnType = z.infer<typeof zDatasetColumnType>;

export const zDatasetColumn = z.object({
  /** The column's position in the file (0-based): what the import reads. */
  index: z.number().int().min(0).max(999),
  /** The field name queries use: lower-case letters, digits and `_`. */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'a field is a lower-case name' }),
  name: z.string().trim().min(1, 'Enter a column name').max(100, 'At most 100 characters'),
  type: zDatasetColumnType,
});
export type DatasetColumn = z.infer<typeof zDatasetColumn>;

export const zDataset = z.object({
  id: z.string(),
  name: z.string(),
  file_id: z.string().nullable(),
  status: z.enum(['importing', 'ready', 'failed']),
  /** 0-100 while importing. */
  progress: z.number().int(),
  error: z.string().nullable(),
  row_count: z.number().int(),
  columns: z.array(zDatasetColumn),
  created_at: zSeconds,
  updated_at: zSeconds,
});
export type Dataset = z.infer<typeof zDataset>;

const zId = z.string().min(1).max(64);

/** What a stored CSV or XLSX holds: its columns with the types inferred, and its first rows. */
export const previewDataset = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/datasets/preview',
  permission: 'signed_in',
  summary: 'Preview an uploaded CSV or XLSX as a dataset: columns with inferred types, first rows',
  tags,
  readOnly: true,
  body: z.object({ file_id: zId }),
  response: z.object({
    file_name: z.string(),
    columns: z.array(zDatasetColumn),
    rows: z.array(z.array(z.string().nullable())),
  }),
});

/**
 * Imports a stored file as a dataset, as a job (follow `status` and `progress`). `replace` and
 * `append` re-import into `dataset_id`; append needs the same columns. One column must be the date.
 */
export const importDataset = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/datasets',
  permission: 'signed_in',
  summary: 'Import an uploaded CSV or XLSX as a dataset (create, replace or append)',
  tags,
  body: z.object({
    file_id: zId,
    name: z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters'),
    columns: z.array(zDatasetColumn).min(1, 'Choose at least one column').max(200),
    mode: z.enum(['create', 'replace', 'append']).default('create'),
    dataset_id: zId.optional(),
  }),
  response: z.object({ dataset: zDataset }),
});

export const listDatasets = defineEndpoint({
  method: 'GET',
  path: '/api/analytics/datasets',
  permission: 'signed_in',
  openApi: { scope: 'team.analytics.read' },
  summary: "The team's datasets",
  tags,
  response: z.object({ items: z.array(zDataset) }),
});

export const getDataset = defineEndpoint({
  method: 'GET',
  path: '/api/analytics/datasets/{id}',
  permission: 'signed_in',
  summary: 'A dataset and its import progress',
  tags,
  params: z.object({ id: zId }),
  response: z.object({ dataset: zDataset }),
});

export const deleteDataset = defineEndpoint({
  method: 'DELETE',
  path: '/api/analytics/datasets/{id}',
  permission: 'signed_in',
  summary: 'Delete a dataset and its table',
  tags,
  params: z.object({ id: zId }),
  response: z.object({ deleted: z.literal(true) }),
});
