import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { PRODUCT_NAME } from '../../widgets/brand/brand';
import './recovery-codes-view.css';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The codes as a plain text file: where they are for, when they were made, one code a line. */
function recoveryCodesText(codes: string[], heading: string): string {
  return `${PRODUCT_NAME} - ${heading}\n${formatDate(new Date())}\n\n${codes.join('\n')}\n`;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Recovery codes, shown once (the server keeps them encrypted and never shows them again): a
 * plain warning, the codes, and copy and download buttons so they end up somewhere safe.
 */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = recoveryCodesText(codes, t('Recovery codes'));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success(t('Copied'));
    } catch {
      void message.error(t('The codes could not be copied. Select them and copy them by hand.'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        title={t('Save these recovery codes now')}
        description={t(
          'Each code signs you in once if you lose your authenticator app. They will not be shown again.',
        )}
      />
      <ul className="recovery-codes" aria-label={t('Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Flex wrap gap={8}>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('Copy codes')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(text, RECOVERY_CODES_FILE)}>
          {t('Download (.txt)')}
        </Button>
      </Flex>
    </Flex>
  );
}
