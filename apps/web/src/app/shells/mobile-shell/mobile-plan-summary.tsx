import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCompactNumber, formatFileSize } from '../../../lib/format';
import { planNameLabel } from '../../../lib/labels/seeded-labels';

/** The plan in one card: its name, the credits left and the storage used. */
export function MobilePlanSummary({ quota }: { quota: BasicInfos['usm_quota'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" variant="borderless">
      <Flex justify="space-between" align="center" gap={12}>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t('Plan')}</Typography.Text>
          <Typography.Text strong ellipsis>
            {planNameLabel(quota.plan_name, t)}
          </Typography.Text>
        </Flex>
        <Flex vertical align="flex-end" style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t('Credits')}</Typography.Text>
          <Typography.Text strong>
            {quota.credits_granted > 0
              ? t('{{balance}} of {{total}}', {
                  balance: formatCompactNumber(quota.credits_balance),
                  total: formatCompactNumber(quota.credits_granted),
                })
              : formatCompactNumber(quota.credits_balance)}
          </Typography.Text>
        </Flex>
        <Flex vertical align="flex-end" style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t('Storage')}</Typography.Text>
          <Typography.Text strong>{formatFileSize(quota.storage_used_bytes)}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
