import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCompactNumber, formatFileSize } from '../../../lib/format';
import { planNameLabel } from '../../../lib/labels/seeded-labels';

/** One figure of the summary, opening the page it summarises. */
function Figure({ to, label, value, end }: { to: string; label: string; value: ReactNode; end?: boolean }) {
  return (
    <Link to={to} className="mobile-summary__figure" style={{ alignItems: end ? 'flex-end' : 'flex-start' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong ellipsis>
        {value}
      </Typography.Text>
    </Link>
  );
}

/**
 * The plan in one card: its name, the credits left and the storage used, each a way into its page
 * (the subscription, the credits' usage, the files).
 */
export function MobilePlanSummary({ quota }: { quota: BasicInfos['usm_quota'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" variant="borderless">
      <Flex justify="space-between" align="center" gap={12}>
        <Figure to="/account/subscription" label={t('Plan')} value={planNameLabel(quota.plan_name, t)} />
        <Figure
          to="/account/usage"
          label={t('Credits')}
          end
          value={
            quota.credits_granted > 0
              ? t('{{balance}} of {{total}}', {
                  balance: formatCompactNumber(quota.credits_balance),
                  total: formatCompactNumber(quota.credits_granted),
                })
              : formatCompactNumber(quota.credits_balance)
          }
        />
        <Figure
          to="/account/user/storage"
          label={t('Storage')}
          end
          value={formatFileSize(quota.storage_used_bytes)}
        />
      </Flex>
    </Card>
  );
}
