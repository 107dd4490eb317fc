import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Spec section 4's progress bar: below zero is an error (the tip, or 'Error'); blank is
 * indeterminate; otherwise a percentage.
 */
export function UploadProgress({ percent, tip }: { percent: number | undefined | null; tip?: string }) {
  const { t } = useTranslation();
  if (percent === undefined || percent === null) {
    return (
      <Progress percent={100} status="active" showInfo={false} size="small" aria-label={t('Uploading')} />
    );
  }
  if (percent < 0) {
    return (
      <Progress
        percent={100}
        status="exception"
        size="small"
        format={() => tip || t('Error')}
        aria-label={tip || t('Error')}
      />
    );
  }
  return <Progress percent={Math.min(100, Math.round(percent))} size="small" />;
}
