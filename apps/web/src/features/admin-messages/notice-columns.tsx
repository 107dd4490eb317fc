import type { AdminNotice } from '@app/contract/messages/notices';
import { zMessageLevel } from '@app/contract/user/get-basic-infos';
import { formatDate } from '../../lib/format';
import { messageLevelLabel, noticeStatusLabel } from '../../lib/labels/message-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';
import { NoticeActions } from './notice-actions';
import { NoticeStatusTag } from './notice-status-tag';

type Translate = (msgid: string) => string;

interface NoticeColumnActions {
  onEdit: (notice: AdminNotice) => void;
  onDelete: (notice: AdminNotice) => Promise<unknown>;
}

/** The notices list; the server sorts by start and creation time only. */
export function noticeColumns(t: Translate, actions: NoticeColumnActions): GridColDef<AdminNotice>[] {
  return [
    { field: 'title', headerName: t('Title'), sortable: false, kind: 'longText' },
    {
      field: 'level',
      headerName: t('Level'),
      sortable: false,
      kind: 'status',
      samples: zMessageLevel.options.map((level) => messageLevelLabel(level, t)),
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <MessageLevelTag level={data.level} /> : null,
    },
    {
      field: 'pop_up',
      headerName: t('Pop-up'),
      sortable: false,
      samples: [t('Yes'), t('No')],
      valueFormatter: ({ value }) => (value ? t('Yes') : t('No')),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      kind: 'status',
      samples: ['scheduled', 'active', 'ended'].map((status) => noticeStatusLabel(status, t)),
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <NoticeStatusTag status={data.status} /> : null,
    },
    {
      field: 'start_time',
      headerName: t('Start'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'end_time',
      headerName: t('End'),
      sortable: false,
      kind: 'dateTime',
      samples: [t('No end')],
      valueFormatter: ({ value }) => (value === null ? t('No end') : formatDate(value)),
    },
    {
      field: 'closed_count',
      headerName: t('Closed by users'),
      sortable: false,
      kind: 'number',
      type: 'numericColumn',
    },
    {
      field: 'creation_time',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      kind: 'actions',
      buttonIcons: true,
      samples: [t('Edit'), t('Delete')],
      cellRenderer: ({ data }: { data?: AdminNotice }) =>
        data ? <NoticeActions notice={data} {...actions} /> : null,
    },
  ];
}
