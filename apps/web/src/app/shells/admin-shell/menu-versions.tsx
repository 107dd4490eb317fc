import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../../lib/build-config';
import { useBasicInfos } from '../../../lib/session/basic-infos';

/** Spec sections 1 and 2: the menu shows the front-end and the API version numbers. */
export function MenuVersions() {
  const { t } = useTranslation();
  const { data } = useBasicInfos();

  return (
    <div className="admin-shell__versions">
      <Typography.Text type="secondary">
        {t('Front-end {{version}}', { version: APP_VERSION })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('API {{version}}', { version: data?.api_version ?? '…' })}
      </Typography.Text>
    </div>
  );
}
