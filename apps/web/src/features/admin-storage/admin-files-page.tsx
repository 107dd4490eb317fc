import { adminStorageFileListFields, type zAdminStoredFile } from '@app/contract/storage/admin-storage';
import { STORAGE_FILE_TYPES } from '@app/contract/storage/file-types';
import { App, Button, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, formatFileSize } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { adminStorageKey, deleteAnyFile, fetchAdminFiles } from './admin-storage-api';

type AdminFile = z.infer<typeof zAdminStoredFile>;

/** The size filter's choices: files at least this large. */
const SIZE_FLOORS = [1024 * 1024, 10 * 1024 * 1024, 100 * 1024 * 1024];

/** `/admin/storage`: every team's files, searchable by team, user, type and size; delete is recorded. */
export function AdminFilesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // Team and uploader are found through the search box (it covers both); the drawer takes the
  // type, a size floor and the upload date.
  const filterConfig = useMemo(
    () =>
      filterConfigFrom(adminStorageFileListFields, {
        ext: {
          alias: t('Type'),
          options: Object.keys(STORAGE_FILE_TYPES).map((ext) => ({ name: ext, value: ext })),
        },
        size: {
          alias: t('Size'),
          operator: 'gte',
          options: SIZE_FLOORS.map((bytes) => ({
            name: t('At least {{size}}', { size: formatFileSize(bytes) }),
            value: String(bytes),
          })),
        },
        created_at: { alias: t('Uploaded') },
      }),
    [t],
  );
  const list = useServerList<AdminFile>({
    queryKey: [...adminStorageKey, 'files'],
    fetch: fetchAdminFiles,
    filterConfig,
    defaultSort: '-created_at',
  });
  const columns = useMemo<GridColDef<AdminFile>[]>(
    () => [
      { field: 'name', headerName: t('Name'), kind: 'longText' },
      {
        colId: 'team_name',
        headerName: t('Team'),
        valueGetter: ({ data }) => data?.team.name ?? '',
      },
      {
        colId: 'uploaded_by',
        headerName: t('Uploaded by'),
        sortable: false,
        valueGetter: ({ data }) => data?.uploaded_by?.username ?? '',
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
        field: 'created_at',
        headerName: t('Uploaded'),
        kind: 'dateTime',
        valueFormatter: ({ value }) => formatDate(value),
      },
      {
        colId: 'actions',
        headerName: '',
        kind: 'actions',
        samples: [t('Delete')],
        cellRenderer: ({ data }: { data?: AdminFile }) =>
          data ? (
            <Button
              size="small"
              type="link"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('Delete this file?'),
                  content: `${data.name} (${data.team.name})`,
                  okText: t('Delete'),
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    await deleteAnyFile(data.id);
                    list.refetch();
                  },
                })
              }
            >
              {t('Delete')}
            </Button>
          ) : null,
      },
    ],
    [t, modal, list],
  );

  return (
    <>
      <DocumentTitle title={t('Files')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Files')}
      </Typography.Title>
      <ServerListView<AdminFile>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search file, team or uploader')}
        columnDefs={columns}
        getRowId={(file) => file.id}
      />
    </>
  );
}
