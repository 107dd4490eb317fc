import type { JobRun } from '@app/contract/admin/logs/job-runs';
import type { ColDef } from 'ag-grid-community';
import { formatDate } from '../../lib/format';
import { JobRunActions } from './job-run-actions';
import { jobRunAttempt, jobRunDuration } from './job-run-duration';
import { JobRunStatusTag } from './job-run-status-tag';

type Translate = (msgid: string) => string;

interface JobRunColumnActions {
  onOpen: (run: JobRun) => void;
  onRetry: (run: JobRun) => Promise<unknown>;
}

/** The schedule log's columns; the server sorts by start time only. */
export function jobRunColumns(t: Translate, actions: JobRunColumnActions): ColDef<JobRun>[] {
  return [
    {
      field: 'start_time',
      headerName: t('Start'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'queue', headerName: t('Queue'), sortable: false, minWidth: 130 },
    {
      field: 'job_id',
      headerName: t('Job ID'),
      sortable: false,
      minWidth: 150,
      cellClass: 'server-error__req-id',
    },
    {
      colId: 'attempt',
      headerName: t('Attempt'),
      sortable: false,
      minWidth: 90,
      maxWidth: 110,
      valueGetter: ({ data }) => (data ? jobRunAttempt(data) : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      minWidth: 110,
      maxWidth: 130,
      cellRenderer: ({ data }: { data?: JobRun }) => (data ? <JobRunStatusTag status={data.status} /> : null),
    },
    { field: 'error', headerName: t('Error'), sortable: false, flex: 2, minWidth: 180 },
    { field: 'runner', headerName: t('Runner'), sortable: false, minWidth: 120 },
    {
      field: 'end_time',
      headerName: t('End'),
      sortable: false,
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'duration',
      headerName: t('Duration'),
      sortable: false,
      minWidth: 100,
      maxWidth: 130,
      valueGetter: ({ data }) => (data ? jobRunDuration(data) : ''),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      sortable: false,
      minWidth: 170,
      cellRenderer: ({ data }: { data?: JobRun }) =>
        data ? <JobRunActions run={data} {...actions} /> : null,
    },
  ];
}
