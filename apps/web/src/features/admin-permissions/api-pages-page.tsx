import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleNameLabel } from '../../lib/labels/seeded-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useListState } from '../../widgets/list-state/use-list-state';
import { type ApiPageRow, apiPageColumns } from './api-page-columns';
import { rolesHolding } from './grants';
import { matchesSearch, matrixRows } from './matrix-rows';
import { permissionMatrixQuery } from './permissions-api';

/**
 * `/admin/permission/api-pages`: every page route and API with its code and the roles holding it.
 * One answer holds them all, so searching and filtering happen here; the state stays in the URL.
 */
export function ApiPagesPage() {
  const { t } = useTranslation();
  const matrix = useQuery(permissionMatrixQuery);
  const { state, setState } = useListState();
  const roles = useMemo(() => matrix.data?.roles ?? [], [matrix.data]);
  const filterConfig = useMemo<FilterConfig>(
    () => ({
      kind: {
        alias: t('Type'),
        type: 'option',
        options: [
          { name: t('Page'), value: 'page' },
          { name: t('API'), value: 'api' },
        ],
      },
      role: {
        alias: t('Held by'),
        type: 'option',
        options: roles.map((r) => ({ name: roleNameLabel(r.name, t), value: r.code })),
      },
    }),
    [t, roles],
  );
  const kind = state.filters.kind?.value;
  const role = state.filters.role?.value;

  const rows = useMemo((): ApiPageRow[] => {
    if (!matrix.data) return [];
    const { roles: all, grants } = matrix.data;
    const names = new Map(all.map((r) => [r.code, roleNameLabel(r.name, t)]));
    return matrixRows(matrix.data)
      .map((row) => ({ ...row, holders: rolesHolding(all, grants, row.code) }))
      .filter((row) => (typeof kind === 'string' && kind !== 'all' ? row.kind === kind : true))
      .filter((row) => (typeof role === 'string' && role !== 'all' ? row.holders.includes(role) : true))
      .filter((row) => matchesSearch(row, state.q ?? ''))
      .map((row) => ({ ...row, holders: row.holders.map((code) => names.get(code) ?? code) }));
  }, [matrix.data, kind, role, state.q, t]);
  const columns = useMemo(() => apiPageColumns(t), [t]);

  return (
    <>
      <DocumentTitle title={t('APIs & pages')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('APIs & pages')}
      </Typography.Title>
      <div style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={state.q}
          onSearch={(q) => setState({ q })}
          config={filterConfig}
          values={state.filters}
          onChange={(filters) => setState({ filters })}
          placeholder={t('Search route, API, code or summary')}
        />
      </div>
      <DataGrid<ApiPageRow>
        rowData={rows}
        columnDefs={columns}
        loading={matrix.isPending}
        getRowId={(row) => row.key}
      />
    </>
  );
}
