import { App, Descriptions, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../widgets/reason-modal/reason-modal';
import { formatCredits, signedCredits } from './credit-format';
import { type AdminCreditRow, useAdjustCredits } from './credits-api';

interface AdjustValues {
  amount: number;
  reason: string;
}

/**
 * Adds (positive) or takes (negative) credits with a reason: one `adjust` ledger entry, recorded.
 * The balance never goes below zero, so taking more than the team has free is refused here already
 * (the server refuses it too, under its row lock, whatever this page last read).
 */
export function AdjustCreditsModal({ row, onClose }: { row: AdminCreditRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const adjust = useAdjustCredits();

  return (
    <ReasonModal<AdjustValues>
      open={row !== null}
      title={t('Adjust the credits of {{team}}', { team: row?.team_name ?? '' })}
      okText={t('Adjust')}
      description={
        row ? (
          <Descriptions
            size="small"
            column={3}
            bordered
            layout="vertical"
            items={[
              { key: 'balance', label: t('Balance'), children: formatCredits(row.balance) },
              { key: 'held', label: t('Held'), children: formatCredits(row.held) },
              { key: 'available', label: t('Available'), children: formatCredits(row.available) },
            ]}
          />
        ) : null
      }
      onSubmit={async ({ amount, reason }) => {
        if (!row) return;
        const result = await adjust.mutateAsync({ teamId: row.team_id, amount, reason });
        void message.success(
          t('Credits adjusted by {{amount}}; balance {{balance}}', {
            amount: signedCredits(result.entry.amount),
            balance: formatCredits(result.balance.balance),
          }),
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="amount"
        label={t('Amount')}
        extra={t('Positive adds credits, negative takes them.')}
        rules={[
          { required: true, type: 'number', message: t('Enter an amount other than 0') },
          {
            validator: (_, value: unknown) => {
              if (value === 0) return Promise.reject(new Error(t('Enter an amount other than 0')));
              if (row && typeof value === 'number' && value < 0 && -value > row.available) {
                return Promise.reject(
                  new Error(
                    t('At most {{available}} can be taken: the rest is not free', {
                      available: formatCredits(row.available),
                    }),
                  ),
                );
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber min={-1_000_000_000} max={1_000_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item noStyle dependencies={['amount']}>
        {({ getFieldValue }) => {
          const amount = getFieldValue('amount');
          if (!row || typeof amount !== 'number' || amount === 0) return null;
          return (
            <Form.Item label={t('Balance after')}>
              <strong data-testid="balance-after">{formatCredits(Math.max(0, row.balance + amount))}</strong>
            </Form.Item>
          );
        }}
      </Form.Item>
    </ReasonModal>
  );
}
