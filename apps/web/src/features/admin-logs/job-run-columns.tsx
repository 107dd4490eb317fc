import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { formatDate } from '../../lib/format';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { JobRunActions } from './job-run-actions';
import { jobRunAttempt, jobRunDuration } from './job-run-duration';
import { JobRunStatusTag, jobStatusLabels } from './job-run-status-tag';

type Translate = (msgid: string) => string;

interface JobRunColumnActions {
  onOpen: (run: JobRun) => void;
  onRetry: (run: JobRun) => Promise<unknown>;
}

/** The schedule log's columns; the server sorts by start time only. */
export function jobRunColumns(t: Translate, actions: JobRunColumnActions): GridColDef<JobRun>[] {
  return [
    {
      field: 'start_time',
      headerName: t('Start'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'queue', headerName: t('Queue'), sortable: false, kind: 'code' },
    {
      field: 'job_id',
      headerName: t('Job ID'),
      sortable: false,
      kind: 'code',
      cellClass: 'server-error__req-id',
    },
    {
      colId: 'attempt',
      headerName: t('Attempt'),
      sortable: false,
      kind: 'number',
      samples: ['00 / 00'],
      valueGetter: ({ data }) => (data ? jobRunAttempt(data) : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      kind: 'status',
      samples: Object.values(jobStatusLabels(t)),
      cellRenderer: ({ data }: { data?: JobRun }) => (data ? <JobRunStatusTag status={data.status} /> : null),
    },
    { field: 'error', headerName: t('Error'), sortable: false, kind: 'longText' },
    { field: 'runner', headerName: t('Runner'), sortable: false, kind: 'code' },
    {
      field: 'end_time',
      headerName: t('End'),
      sortable: false,
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'duration',
      headerName: t('Duration'),
      sortable: false,
      kind: 'number',
      samples: ['00 h 00 min'],
      valueGetter: ({ data }) => (data ? jobRunDuration(data) : ''),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      kind: 'actions',
      buttonIcons: true,
      samples: [t('Details'), t('Retry')],
      cellRenderer: ({ data }: { data?: JobRun }) =>
        data ? <JobRunActions run={data} {...actions} /> : null,
    },
  ];
}
