import { formatDate } from '../../lib/format';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { ServerError } from './server-error-drawer';

type Translate = (msgid: string) => string;

/** The server-error log's columns; the server sorts by time, route and status. */
export function serverErrorColumns(t: Translate): GridColDef<ServerError>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'req_id',
      headerName: t('Request ID'),
      sortable: false,
      kind: 'code',
      cellClass: 'server-error__req-id',
    },
    {
      field: 'route',
      headerName: t('Route'),
      kind: 'code',
      valueFormatter: ({ data }) => (data ? `${data.method} ${data.route ?? data.url}` : ''),
    },
    { field: 'status', headerName: t('Status'), kind: 'number', samples: ['000'] },
    {
      field: 'user_email',
      headerName: t('User'),
      sortable: false,
      valueFormatter: ({ data }) => data?.user_email ?? data?.user_id ?? '',
    },
    { field: 'message', headerName: t('Message'), sortable: false, kind: 'longText' },
  ];
}
