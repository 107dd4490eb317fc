import { useTranslation } from 'react-i18next';
import './loading-bar.css';

interface LoadingBarProps {
  /** Waits a moment before showing, so quick route changes do not flash it. */
  delayed?: boolean;
}

export function LoadingBar({ delayed = false }: LoadingBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className={delayed ? 'loading-bar loading-bar--delayed' : 'loading-bar'}
      role="progressbar"
      aria-label={t('Loading')}
      aria-busy="true"
    >
      <div className="loading-bar__track" />
    </div>
  );
}
