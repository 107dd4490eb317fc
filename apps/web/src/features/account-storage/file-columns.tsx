import type { StoredFile } from '@app/contract/storage/files';
import type { ColDef } from 'ag-grid-community';
import { Button, Dropdown, Tag } from 'antd';
import { formatDate, formatFileSize } from '../../lib/format';

type Translate = (msgid: string) => string;

export type FileAction = 'preview' | 'download' | 'dataset' | 'rename' | 'move' | 'delete';

const PREVIEWABLE = /^(image\/|application\/pdf$)/;
/** What a dataset can be made from. */
const TABULAR = new Set(['csv', 'tsv', 'txt', 'xlsx']);

/** The files list's columns; the server sorts by name, type, size and upload time. */
export function fileColumns(
  t: Translate,
  onAction: (file: StoredFile, action: FileAction) => void,
): ColDef<StoredFile>[] {
  return [
    {
      field: 'name',
      headerName: t('Name'),
      minWidth: 180,
      flex: 2,
      // What the product made for the team (an export, a report) says so beside its name.
      cellRenderer: ({ data }: { data?: StoredFile }) =>
        data ? (
          <span>
            {data.name}
            {data.origin === 'generated' ? (
              <Tag style={{ marginInlineStart: 8 }} color="purple">
                {t('Generated')}
              </Tag>
            ) : null}
          </span>
        ) : null,
    },
    { field: 'ext', headerName: t('Type'), minWidth: 80, maxWidth: 100 },
    {
      field: 'size',
      headerName: t('Size'),
      minWidth: 100,
      maxWidth: 120,
      type: 'numericColumn',
      valueFormatter: ({ value }) => formatFileSize(Number(value)),
    },
    {
      colId: 'uploaded_by',
      headerName: t('Uploaded by'),
      sortable: false,
      minWidth: 110,
      flex: 1,
      valueGetter: ({ data }) => data?.uploaded_by?.username ?? '',
    },
    {
      field: 'created_at',
      headerName: t('Uploaded'),
      minWidth: 150,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: '',
      sortable: false,
      // Always in view: reaching a row's actions never scrolls the names away.
      pinned: 'right',
      minWidth: 130,
      maxWidth: 140,
      cellRenderer: ({ data }: { data?: StoredFile }) =>
        data ? (
          <span>
            <Button size="small" type="link" onClick={() => onAction(data, 'download')}>
              {t('Download')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(PREVIEWABLE.test(data.mime) ? [{ key: 'preview', label: t('Preview') }] : []),
                  ...(TABULAR.has(data.ext) ? [{ key: 'dataset', label: t('Import as a dataset') }] : []),
                  { key: 'rename', label: t('Rename') },
                  { key: 'move', label: t('Move') },
                  { key: 'delete', label: t('Delete'), danger: true },
                ],
                onClick: ({ key }) => onAction(data, key as FileAction),
              }}
            >
              <Button size="small" type="text" aria-label={t('More actions')}>
                …
              </Button>
            </Dropdown>
          </span>
        ) : null,
    },
  ];
}
