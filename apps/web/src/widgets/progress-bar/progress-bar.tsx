import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import './progress-bar.css';

export interface ProgressBarProps {
  /** A percentage; below zero means the work failed; blank means its progress is unknown. */
  value?: number | null;
  /** Shown when the work failed; otherwise the bar's accessible name. */
  tip?: string;
}

/**
 * Spec section 4, "Progress bar": a value below zero is an error (the tip, or "Error"); a blank
 * value is indeterminate; otherwise a percentage, kept within 0..100.
 */
export function ProgressBar({ value, tip }: ProgressBarProps) {
  const { t } = useTranslation();
  if (value === null || value === undefined || Number.isNaN(value)) {
    // antd's Progress always states a value; an unknown one must not be read out as a number.
    return (
      <div className="progress-bar" role="progressbar" aria-label={tip || t('Loading')} aria-busy="true">
        <div className="progress-bar__track" />
      </div>
    );
  }
  if (value < 0) {
    const message = tip || t('Error');
    return <Progress percent={100} status="exception" format={() => message} aria-label={message} />;
  }
  return <Progress percent={Math.round(Math.min(100, value))} aria-label={tip} />;
}
