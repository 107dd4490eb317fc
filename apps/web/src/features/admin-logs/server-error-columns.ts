import type { ColDef } from 'ag-grid-community';
import { formatDate } from '../../lib/format';
import type { ServerError } from './server-error-drawer';

type Translate = (msgid: string) => string;

/** The server-error log's columns; the server sorts by time, route and status. */
export function serverErrorColumns(t: Translate): ColDef<ServerError>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      minWidth: 165,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'req_id',
      headerName: t('Request ID'),
      sortable: false,
      minWidth: 170,
      cellClass: 'server-error__req-id',
    },
    {
      field: 'route',
      headerName: t('Route'),
      minWidth: 180,
      valueFormatter: ({ data }) => (data ? `${data.method} ${data.route ?? data.url}` : ''),
    },
    { field: 'status', headerName: t('Status'), minWidth: 80, maxWidth: 90 },
    {
      field: 'user_email',
      headerName: t('User'),
      sortable: false,
      minWidth: 140,
      valueFormatter: ({ data }) => data?.user_email ?? data?.user_id ?? '',
    },
    { field: 'message', headerName: t('Message'), sortable: false, flex: 2, minWidth: 200 },
  ];
}
