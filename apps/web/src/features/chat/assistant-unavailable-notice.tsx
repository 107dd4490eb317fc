import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says plainly that chat cannot answer yet, rather than showing a composer that silently fails. */
export function AssistantUnavailableNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      // The welcome block around it is centred; a notice reads better aligned to its icon.
      style={{ textAlign: 'start' }}
      title={t('The assistant is not available yet')}
      description={t(
        'Chat with the AI assistant is still being set up for this workspace. Your conversations will appear here once it is ready.',
      )}
    />
  );
}
