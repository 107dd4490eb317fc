import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { SendForm } from './send-form';
import { SendsList } from './sends-list';

/** `/admin/msg/send`: write to all users, a role, a team or chosen users; in-app and/or by e-mail. */
export function SendMessagesPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('Send messages')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Send messages')}
      </Typography.Title>
      <SendForm />
      <SendsList />
    </>
  );
}
