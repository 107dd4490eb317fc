import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { matchesSearch, matrixRows } from './matrix-rows';
import { MatrixTable } from './matrix-table';
import { type GrantChange, permissionMatrixQuery, useSetGrant } from './permissions-api';
import './permission-matrix.css';

type Kind = 'page' | 'api';

/** `/admin/permission`: which role may open which page and call which API, edited in place. */
export function PermissionMatrixPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind: Kind = searchParams.get('kind') === 'api' ? 'api' : 'page';
  const search = searchParams.get('q') ?? '';
  const matrix = useQuery(permissionMatrixQuery);
  const setGrant = useSetGrant();
  const [pending, setPending] = useState<string | null>(null);

  const rows = useMemo(
    () =>
      matrix.data
        ? matrixRows(matrix.data).filter((row) => row.kind === kind && matchesSearch(row, search))
        : [],
    [matrix.data, kind, search],
  );

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  const toggle = (change: GrantChange) => {
    setPending(`${change.role} ${change.code}`);
    setGrant.mutate(change, { onSettled: () => setPending(null) });
  };

  return (
    <>
      <DocumentTitle title={t('Permission matrix')} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('Permission matrix')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('Tick a box to let a role open a page or call an API. Changes apply at once.')}{' '}
            {t('Lighter ticks are held through a pattern such as admin.users.*.')}
          </Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <Segmented<Kind>
            value={kind}
            options={[
              { value: 'page', label: t('Pages') },
              { value: 'api', label: t('APIs') },
            ]}
            onChange={(value) => update({ kind: value === 'api' ? 'api' : '' })}
          />
          <Input.Search
            allowClear
            value={search}
            onChange={(event) => update({ q: event.target.value })}
            placeholder={t('Search route, API or code')}
            aria-label={t('Search route, API or code')}
            style={{ width: 280 }}
          />
        </Flex>
      </Flex>
      <Card styles={{ body: { padding: 0 } }} loading={matrix.isPending}>
        {matrix.data ? (
          <MatrixTable
            rows={rows}
            roles={matrix.data.roles}
            grants={matrix.data.grants}
            pending={pending}
            onToggle={toggle}
            targetTitle={kind === 'page' ? t('Page route') : t('API')}
          />
        ) : null}
      </Card>
    </>
  );
}
