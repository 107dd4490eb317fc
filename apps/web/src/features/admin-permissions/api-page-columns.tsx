import { ADMIN_AREA } from '@app/contract/permission-codes';
import type { ColDef } from 'ag-grid-community';
import { Tag } from 'antd';
import { permissionLabel } from '../../lib/labels/access-labels';
import type { MatrixRow } from './matrix-rows';

/** A page or API with the names of the roles that hold its code. */
export interface ApiPageRow extends MatrixRow {
  holders: string[];
}

type Translate = (msgid: string) => string;

export function apiPageColumns(t: Translate): ColDef<ApiPageRow>[] {
  return [
    {
      field: 'kind',
      headerName: t('Type'),
      minWidth: 90,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: ApiPageRow }) =>
        data?.kind === 'api' ? <Tag color="purple">{t('API')}</Tag> : <Tag color="blue">{t('Page')}</Tag>,
    },
    { field: 'target', headerName: t('Page route or API'), flex: 1.5, minWidth: 220 },
    {
      field: 'code',
      headerName: t('Code'),
      minWidth: 180,
      // A code is what a role is granted: written as is; the two open rules in words.
      cellRenderer: ({ value }: { value?: string }) =>
        value === 'public' || value === 'signed_in' || value === ADMIN_AREA ? (
          permissionLabel(value, t)
        ) : (
          <span translate="no">{value}</span>
        ),
    },
    {
      field: 'holders',
      headerName: t('Held by'),
      flex: 2,
      minWidth: 300,
      sortable: false,
      // The grid infers an array column as an object; this is also its text for copy and filter.
      valueFormatter: ({ value }: { value: string[] | undefined }) => (value ?? []).join(', '),
      cellRenderer: ({ data }: { data?: ApiPageRow }) =>
        data?.code === 'public' || data?.code === 'signed_in' || data?.code === ADMIN_AREA
          ? permissionLabel(data.code, t)
          : (data?.holders ?? []).map((name) => <Tag key={name}>{name}</Tag>),
    },
    { field: 'summary', headerName: t('Summary'), flex: 1.5, minWidth: 160 },
  ];
}
