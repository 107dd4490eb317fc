import { adminCreditListFields } from '@app/contract/billing/credits';
import type { FilterableField } from '@app/contract/list';
import { Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { AdjustCreditsModal } from './adjust-credits-modal';
import { formatCredits } from './credit-format';
import { CreditLedgerDrawer } from './credit-ledger-drawer';
import { type AdminCreditRow, adminCreditsKey, fetchCredits } from './credits-api';

const ROUTE = '/admin/usm/resources/credits';

type Filters = Partial<Record<FilterableField<typeof adminCreditListFields>, FilterFieldConfig>>;

const creditColumn = (field: keyof AdminCreditRow, headerName: string): GridColDef<AdminCreditRow> => ({
  field,
  headerName,
  kind: 'number',
  type: 'numericColumn',
  valueFormatter: ({ value }) => formatCredits(Number(value)),
});

/**
 * `/admin/usm/resources/credits`: every team's balance (what is held by AI work in flight, what is
 * free, this period's grant and what is left of it). An operator adjusts a balance with a reason,
 * recorded as an `adjust` ledger entry, and opens any team's ledger.
 */
export function CreditsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    (): Filters => ({ updated_time: { alias: t('Last change'), type: 'range' } }),
    [t],
  );
  const list = useServerList<AdminCreditRow>({
    queryKey: [...adminCreditsKey, 'list'],
    fetch: fetchCredits,
    filterConfig,
    defaultSort: '-updated_time',
  });
  const [adjusting, setAdjusting] = useState<AdminCreditRow | null>(null);
  const [ledger, setLedger] = useState<{ id: string; name: string } | null>(null);

  const columns = useMemo(
    () =>
      sortableByContract<AdminCreditRow>(
        [
          { field: 'team_name', headerName: t('Team') },
          { field: 'owner_email', headerName: t('Owner') },
          {
            field: 'plan_name',
            headerName: t('Plan'),
            valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
          },
          creditColumn('balance', t('Balance')),
          creditColumn('held', t('Held')),
          creditColumn('available', t('Available')),
          creditColumn('granted', t('Granted this period')),
          creditColumn('granted_remaining', t('Grant left')),
          {
            field: 'period_end',
            headerName: t('Period ends'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            field: 'updated_time',
            headerName: t('Last change'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            samples: [t('Adjust'), t('Ledger')],
            cellRenderer: ({ data }: { data?: AdminCreditRow }) =>
              data ? (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setAdjusting(data)}>
                    {t('Adjust')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setLedger({ id: data.team_id, name: data.team_name })}
                  >
                    {t('Ledger')}
                  </Button>
                </Space>
              ) : null,
          },
        ],
        adminCreditListFields,
      ),
    [t],
  );

  return (
    <>
      <DocumentTitle title={t('Credits')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Credits')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('Held credits are reserved by AI work in progress; only the rest can be used or taken.')}{' '}
        <Link to="/admin/usm/resources/credits/usage-logs">{t('Credit usage logs')}</Link>
      </Typography.Paragraph>
      <ServerListView<AdminCreditRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search team or owner e-mail')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(row) => row.team_id}
      />
      <AdjustCreditsModal row={adjusting} onClose={() => setAdjusting(null)} />
      <CreditLedgerDrawer team={ledger} onClose={() => setLedger(null)} />
    </>
  );
}
