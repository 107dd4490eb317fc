import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { planKindLabel, planStatusLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { type FunctionMatrix, functionMatrixQuery, useSetFunctionPermission } from './plans-api';
import { PriceTableSection } from './price-table';

type MatrixPlan = FunctionMatrix['plans'][number];
type FunctionTick = { plan_id: string; function_key: string; allowed: boolean };

/**
 * `/admin/usm/function/permission`: which AI functions each plan may use, one checkbox per plan
 * and function. A team whose plan lacks a function is refused it (FORBIDDEN with an upgrade
 * message); each tick is saved at once and recorded. Below it, the price table: what each function
 * and each model's tokens cost in credits.
 */
export function FunctionPermissionsPage() {
  const { t } = useTranslation();
  const matrix = useQuery(functionMatrixQuery);
  const setPermission = useSetFunctionPermission();
  // The tick in flight, shown from the click itself: the mutation's own state reaches this page a
  // task later, which a busy machine can delay past a user's (or a test's) look at the box. It
  // holds until the matrix it was made on is replaced by the server's answer, or the save fails.
  const [tick, setTick] = useState<{ basis: FunctionMatrix | undefined } & FunctionTick>();
  const pending = tick && tick.basis === matrix.data ? tick : undefined;
  const busy = pending !== undefined || setPermission.isPending;

  const columns = useMemo<TableColumnsType<MatrixPlan>>(
    () => [
      {
        key: 'plan',
        title: t('Plan'),
        fixed: 'left',
        width: 220,
        render: (_, plan) => (
          <Space size={4} wrap>
            <Typography.Text
              strong={plan.status === 'active'}
              type={plan.status === 'archived' ? 'secondary' : undefined}
            >
              {planNameLabel(plan.name, t)}
            </Typography.Text>
            <Tag>{planKindLabel(plan.kind, t)}</Tag>
            {plan.status === 'archived' ? <Tag>{planStatusLabel(plan.status, t)}</Tag> : null}
          </Space>
        ),
      },
      ...(matrix.data?.functions ?? []).map((fn) => ({
        key: fn.key,
        title: (
          <Space vertical size={0}>
            <span>{fn.name}</span>
            {/* The key is what the API and the plans' data name: shown as written. */}
            <Typography.Text type="secondary" style={{ fontSize: 12 }} translate="no">
              {fn.key}
            </Typography.Text>
          </Space>
        ),
        align: 'center' as const,
        render: (_: unknown, plan: MatrixPlan) => {
          const ticked = pending?.plan_id === plan.id && pending.function_key === fn.key;
          return (
            <Checkbox
              aria-label={t('{{plan}} may use {{fn}}', { plan: planNameLabel(plan.name, t), fn: fn.name })}
              checked={ticked ? pending.allowed : plan.functions.includes(fn.key)}
              disabled={busy}
              onChange={(event) => {
                const next = { plan_id: plan.id, function_key: fn.key, allowed: event.target.checked };
                setTick({ basis: matrix.data, ...next });
                setPermission.mutate(next, { onError: () => setTick(undefined) });
              }}
            />
          );
        },
      })),
    ],
    [t, matrix.data, pending, busy, setPermission.mutate],
  );

  return (
    <>
      <DocumentTitle title={t('Function permissions')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Function permissions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          'Which AI functions each plan may use. A team on a plan without a function is refused it and offered an upgrade. Changes apply at once and are recorded.',
        )}
      </Typography.Paragraph>
      <Table<MatrixPlan>
        size="small"
        bordered
        rowKey="id"
        loading={matrix.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={matrix.data?.plans ?? []}
        columns={columns}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No plans yet')} /> }}
      />
      <PriceTableSection />
    </>
  );
}
