import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatFileSize, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { planKindLabel, planStatusLabel, planTermLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { PlanFormModal } from './plan-form-modal';
import { type AdminPlan, plansQuery, usePlanMutations } from './plans-api';

type StatusView = 'all' | 'active' | 'archived';

/** A credit pack has no period, storage or seats of its own: its cells say so rather than show 0. */
const NONE = '—';

/**
 * `/admin/usm/plan`: every plan and credit pack with its price, period, credits, storage, seats and
 * subscribers. A plan anybody ever held or ordered is archived instead of deleted, so subscribers,
 * orders and invoices keep pointing at it; the page says so before the operator confirms.
 */
export function PlansPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const plans = useQuery(plansQuery);
  const { update, remove } = usePlanMutations();
  // Restore sends a silent update (the form's call); its refusal goes to the shared feedback.
  const showError = useServerErrors(null);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [view, setView] = useState<StatusView>('active');

  const confirmRemove = (plan: AdminPlan) => {
    const used = plan.subscribers > 0 || plan.orders > 0;
    modal.confirm({
      title: used ? t('Archive {{name}}?', { name: plan.name }) : t('Delete {{name}}?', { name: plan.name }),
      content: used
        ? t(
            'Held by {{teams}} and named by {{orders}}, this plan is archived, never deleted: it can no longer be bought, and its subscribers keep it until their period ends.',
            {
              teams: t('{{count}} teams', { count: plan.subscribers, defaultValue_one: '{{count}} team' }),
              orders: t('{{count}} orders', { count: plan.orders, defaultValue_one: '{{count}} order' }),
            },
          )
        : t('Nobody ever held or ordered this plan, so it is deleted.'),
      okText: used ? t('Archive') : t('Delete'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      onOk: async () => {
        const { result } = await remove.mutateAsync(plan.id);
        void message.success(result === 'archived' ? t('Plan archived') : t('Plan deleted'));
      },
    });
  };

  const restore = async (plan: AdminPlan) => {
    try {
      await update.mutateAsync({ id: plan.id, body: { status: 'active' } });
      void message.success(t('Plan restored'));
    } catch (error) {
      showError(error);
    }
  };

  // The grid's columns are built once per language; the row buttons call the latest handlers.
  const actions = useRef({ confirmRemove, restore });
  actions.current = { confirmRemove, restore };

  const columns = useMemo<TableColumnsType<AdminPlan>>(
    () => [
      {
        key: 'name',
        title: t('Plan'),
        fixed: 'left',
        render: (_, plan) => (
          <Flex vertical>
            <Space size={4} wrap>
              <span>{planNameLabel(plan.name, t)}</span>
              {plan.is_default ? <Tag color="green">{t('Default')}</Tag> : null}
              {plan.highlighted ? <Tag color="gold">{t('Recommended')}</Tag> : null}
            </Space>
            {/* The key is what the API and the data name the plan by: shown as written. */}
            <Typography.Text type="secondary" style={{ fontSize: 12 }} translate="no">
              {plan.key}
            </Typography.Text>
          </Flex>
        ),
      },
      { key: 'kind', title: t('Kind'), render: (_, plan) => planKindLabel(plan.kind, t) },
      {
        key: 'price',
        title: t('Price'),
        align: 'right',
        render: (_, plan) => formatMoney(plan.price, plan.currency),
      },
      {
        key: 'validity',
        title: t('Validity'),
        // A pack's credits never expire, whatever validity its row carries (planTerm).
        render: (_, plan) => planTermLabel(plan, t),
      },
      {
        key: 'credits',
        title: t('Credits'),
        align: 'right',
        render: (_, plan) => formatCount(plan.credits),
      },
      {
        key: 'storage',
        title: t('Storage quota'),
        align: 'right',
        render: (_, plan) => (plan.kind === 'credit_pack' ? NONE : formatFileSize(plan.storage_quota_bytes)),
      },
      {
        key: 'seats',
        title: t('Seats'),
        align: 'right',
        render: (_, plan) => (plan.kind === 'credit_pack' ? NONE : plan.seats),
      },
      { key: 'subscribers', title: t('Subscribers'), align: 'right', dataIndex: 'subscribers' },
      {
        key: 'status',
        title: t('Status'),
        render: (_, plan) => (
          <Tag color={plan.status === 'archived' ? undefined : 'blue'}>{planStatusLabel(plan.status, t)}</Tag>
        ),
      },
      {
        key: 'actions',
        title: '',
        fixed: 'right',
        render: (_, plan) => (
          <Space size={0}>
            <Button size="small" type="link" onClick={() => setEditing(plan)}>
              {t('Edit')}
            </Button>
            {plan.status === 'archived' ? (
              <Button size="small" type="link" onClick={() => void actions.current.restore(plan)}>
                {t('Restore')}
              </Button>
            ) : (
              <Button
                size="small"
                type="link"
                danger
                disabled={plan.is_default}
                title={plan.is_default ? t('The default plan cannot be removed') : undefined}
                onClick={() => actions.current.confirmRemove(plan)}
              >
                {plan.subscribers > 0 || plan.orders > 0 ? t('Archive') : t('Delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t],
  );

  const rows = useMemo(
    () => (plans.data?.items ?? []).filter((plan) => view === 'all' || plan.status === view),
    [plans.data, view],
  );

  return (
    <>
      <DocumentTitle title={t('Plans')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Plans')}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t(
          'A plan with subscribers or orders is archived, never deleted: it can no longer be bought, and its subscribers keep it until their period ends.',
        )}
      />
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Segmented<StatusView>
          aria-label={t('Status')}
          value={view}
          onChange={setView}
          options={[
            { value: 'active', label: t('Active') },
            { value: 'archived', label: t('Archived') },
            { value: 'all', label: t('All') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('New plan')}
        </Button>
      </Flex>
      <Table<AdminPlan>
        size="small"
        rowKey="id"
        loading={plans.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <PlanFormModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
