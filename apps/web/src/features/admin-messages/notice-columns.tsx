import type { AdminNotice } from '@app/contract/messages/notices';
import type { ColDef } from 'ag-grid-community';
import { formatDate } from '../../lib/format';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';
import { NoticeActions } from './notice-actions';
import { NoticeStatusTag } from './notice-status-tag';

type Translate = (msgid: string) => string;

interface NoticeColumnActions {
  onEdit: (notice: AdminNotice) => void;
  onDelete: (notice: AdminNotice) => Promise<unknown>;
}

/** The notices list; the server sorts by start and creation time only. */
export function noticeColumns(t: Translate, actions: NoticeColumnActions): ColDef<AdminNotice>[] {
  return [
    { field: 'title', headerName: t('Title'), sortable: false, flex: 2, minWidth: 180 },
    {
      field: 'level',
      headerName: t('Level'),
      sortable: false,
      minWidth: 100,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <MessageLevelTag level={data.level} /> : null,
    },
    {
      field: 'pop_up',
      headerName: t('Pop-up'),
      sortable: false,
      minWidth: 80,
      maxWidth: 100,
      valueFormatter: ({ value }) => (value ? t('Yes') : t('No')),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      minWidth: 100,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <NoticeStatusTag status={data.status} /> : null,
    },
    {
      field: 'start_time',
      headerName: t('Start'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'end_time',
      headerName: t('End'),
      sortable: false,
      minWidth: 160,
      valueFormatter: ({ value }) => (value === null ? t('No end') : formatDate(value)),
    },
    {
      field: 'closed_count',
      headerName: t('Closed by users'),
      sortable: false,
      minWidth: 90,
      maxWidth: 120,
      type: 'numericColumn',
    },
    {
      field: 'creation_time',
      headerName: t('Created'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      sortable: false,
      minWidth: 170,
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <NoticeActions notice={data} {...actions} /> : null,
    },
  ];
}
