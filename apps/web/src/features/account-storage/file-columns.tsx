import type { StoredFile } from '@app/contract/storage/files';
import { Button, Dropdown, Tag } from 'antd';
import { formatDate, formatFileSize } from '../../lib/format';
import type { GridColDef } from '../../widgets/data-grid/column-widths';

type Translate = (msgid: string) => string;

export type FileAction = 'preview' | 'download' | 'dataset' | 'rename' | 'move' | 'delete';

const PREVIEWABLE = /^(image\/|application\/pdf$)/;
/** What a dataset can be made from. */
const TABULAR = new Set(['csv', 'tsv', 'txt', 'xlsx']);

/** The files list's columns; the server sorts by name, type, size and upload time. */
export function fileColumns(
  t: Translate,
  onAction: (file: StoredFile, action: FileAction) => void,
): GridColDef<StoredFile>[] {
  return [
    {
      field: 'name',
      headerName: t('Name'),
      flex: 2,
      // What the product made for the team (an export, a report) says so beside its name; a long
      // name shows whole in the title.
      cellRenderer: ({ data }: { data?: StoredFile }) =>
        data ? (
          <span title={data.name}>
            {data.name}
            {data.origin === 'generated' ? (
              <Tag style={{ marginInlineStart: 8 }} color="purple">
                {t('Generated')}
              </Tag>
            ) : null}
          </span>
        ) : null,
    },
    { field: 'ext', headerName: t('Type'), kind: 'code', samples: ['xlsx'] },
    {
      field: 'size',
      headerName: t('Size'),
      kind: 'size',
      type: 'numericColumn',
      valueFormatter: ({ value }) => formatFileSize(Number(value)),
    },
    {
      colId: 'uploaded_by',
      headerName: t('Uploaded by'),
      sortable: false,
      valueGetter: ({ data }) => data?.uploaded_by?.username ?? '',
    },
    {
      field: 'created_at',
      headerName: t('Uploaded'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: '',
      // Always in view (pinned): reaching a row's actions never scrolls the names away.
      kind: 'actions',
      samples: [t('Download'), '…'],
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
