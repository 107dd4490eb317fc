import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import { type AdminSubscription, useSubscriptionActions } from './subscriptions-api';

/**
 * Ends a paid subscription now: the team falls back to the free plan, this period's granted credits
 * expire, purchased ones stay. No money moves (a refund is the order's action), which it says.
 */
export function CancelSubscriptionModal({
  subscription,
  onClose,
}: {
  subscription: AdminSubscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { cancel } = useSubscriptionActions();

  return (
    <ReasonModal<ReasonValues>
      open={subscription !== null}
      danger
      title={t('Cancel the subscription of {{team}}?', { team: subscription?.team_name ?? '' })}
      okText={t('Cancel subscription')}
      description={
        <Alert
          type="warning"
          showIcon
          title={t(
            'The team falls back to the free plan now. Credits granted for this period expire; purchased credits stay. No money is refunded: refund the order for that.',
          )}
        />
      }
      onSubmit={async ({ reason }) => {
        if (!subscription) return;
        await cancel.mutateAsync({ id: subscription.id, reason });
      }}
      onClose={onClose}
    />
  );
}
