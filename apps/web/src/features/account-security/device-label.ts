import { useTranslation } from 'react-i18next';
import { describeUserAgent } from './describe-user-agent';

/** A user agent as a short name: "Chrome on Windows", or as much of it as is known. */
export function useDeviceLabel(): (userAgent: string | null) => string {
  const { t } = useTranslation();
  return (userAgent) => {
    const { browser, os } = describeUserAgent(userAgent);
    if (browser && os) return t('{{browser}} on {{os}}', { browser, os });
    return browser ?? os ?? t('Unknown device');
  };
}
