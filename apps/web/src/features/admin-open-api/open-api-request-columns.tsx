import type { OpenApiRequest } from '@app/contract/admin/open-api/open-api-requests';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import type { GridColDef } from '../../widgets/data-grid/column-widths';

type Translate = (msgid: string) => string;

/** The request log's columns; the server sorts by time, route, status and latency. */
export function openApiRequestColumns(t: Translate): GridColDef<OpenApiRequest>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'token',
      headerName: t('Token'),
      sortable: false,
      valueGetter: ({ data }) => data?.token?.name ?? t('Unknown token'),
    },
    {
      colId: 'team',
      headerName: t('Team'),
      sortable: false,
      valueGetter: ({ data }) => data?.team?.name ?? '',
    },
    { field: 'route', headerName: t('Route'), kind: 'code' },
    {
      field: 'status',
      headerName: t('Status'),
      kind: 'status',
      samples: ['000'],
      cellRenderer: ({ data }: { data?: OpenApiRequest }) =>
        data ? (
          <Tag color={data.status >= 500 ? 'red' : data.status >= 400 ? 'orange' : 'green'}>
            {data.status}
          </Tag>
        ) : null,
    },
    { field: 'error_code', headerName: t('Error code'), sortable: false, kind: 'code' },
    {
      field: 'latency_ms',
      headerName: t('Latency'),
      kind: 'number',
      samples: ['00000 ms'],
      valueFormatter: ({ value }) => `${value} ms`,
    },
    {
      field: 'bytes',
      headerName: t('Bytes'),
      sortable: false,
      kind: 'number',
      samples: ['0000000'],
    },
    {
      field: 'req_id',
      headerName: t('Request ID'),
      sortable: false,
      kind: 'code',
      cellClass: 'server-error__req-id',
    },
  ];
}
