import { ADMIN_AREA } from '@app/contract/permission-codes';
import { Tag } from 'antd';
import { permissionLabel } from '../../lib/labels/access-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { MatrixRow } from './matrix-rows';

/** A page or API with the names of the roles that hold its code. */
export interface ApiPageRow extends MatrixRow {
  holders: string[];
}

type Translate = (msgid: string) => string;

export function apiPageColumns(t: Translate): GridColDef<ApiPageRow>[] {
  return [
    {
      field: 'kind',
      headerName: t('Type'),
      kind: 'status',
      samples: [t('API'), t('Page')],
      cellRenderer: ({ data }: { data?: ApiPageRow }) =>
        data?.kind === 'api' ? <Tag color="purple">{t('API')}</Tag> : <Tag color="blue">{t('Page')}</Tag>,
    },
    { field: 'target', headerName: t('Page route or API'), kind: 'code', flex: 1.5 },
    {
      field: 'code',
      headerName: t('Code'),
      kind: 'code',
      // A code is what a role is granted: written as is (whole in its title); the open rules in words.
      cellRenderer: ({ value }: { value?: string }) =>
        value === 'public' || value === 'signed_in' || value === ADMIN_AREA ? (
          permissionLabel(value, t)
        ) : (
          <span translate="no" title={value}>
            {value}
          </span>
        ),
    },
    {
      field: 'holders',
      headerName: t('Held by'),
      kind: 'longText',
      // Every seeded role's tag side by side.
      samples: ['Super admin Admin Operator User'],
      sortable: false,
      // The grid infers an array column as an object; this is also its text for copy and filter.
      valueFormatter: ({ value }: { value: string[] | undefined }) => (value ?? []).join(', '),
      cellRenderer: ({ data }: { data?: ApiPageRow }) =>
        data?.code === 'public' || data?.code === 'signed_in' || data?.code === ADMIN_AREA
          ? permissionLabel(data.code, t)
          : (data?.holders ?? []).map((name) => <Tag key={name}>{name}</Tag>),
    },
    { field: 'summary', headerName: t('Summary'), kind: 'longText', flex: 1.5 },
  ];
}
