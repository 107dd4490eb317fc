import { Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AccountShortcuts } from './account-shortcuts';
import { AccountSummaryCard } from './account-summary-card';
import { PlanSummaryCard } from './plan-summary-card';

/**
 * `/pc/personal-index`: the account at a glance. Everything comes from basic infos, which the
 * shell has already loaded, so the page makes no call of its own.
 */
export function PersonalIndexPage() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();

  return (
    <>
      <DocumentTitle title={t('Overview')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Overview')}
      </Typography.Title>
      {user ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <AccountSummaryCard user={user} />
          </Col>
          <Col xs={24} lg={14}>
            <PlanSummaryCard quota={user.usm_quota} />
          </Col>
          <Col span={24}>
            <AccountShortcuts />
          </Col>
        </Row>
      ) : (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      )}
    </>
  );
}
