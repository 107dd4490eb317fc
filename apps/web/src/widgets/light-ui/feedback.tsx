import type { ReactNode } from 'react';
import { CLOSE_CIRCLE_ICON, LightIcon, LOADING_ICON } from './icon';
import { CHECK_CIRCLE_ICON } from './icons/check-circle';
import { INFO_CIRCLE_ICON } from './icons/info-circle';
import './light-ui.css';

const ALERT_ICONS = { error: CLOSE_CIRCLE_ICON, success: CHECK_CIRCLE_ICON, info: INFO_CIRCLE_ICON };

interface LightAlertProps {
  type: 'error' | 'success' | 'info';
  title: ReactNode;
  description?: ReactNode;
  /** `alert` for what the user must hear now (a refusal), `status` for news that can wait. */
  role?: 'alert' | 'status';
  className?: string;
}

/** A message box as antd's Alert draws it (with its icon), without antd. */
export function LightAlert({ type, title, description, role, className }: LightAlertProps) {
  const classes = ['lui-alert', `lui-alert--${type}`];
  if (description) classes.push('lui-alert--with-description');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} role={role}>
      <LightIcon shape={ALERT_ICONS[type]} />
      <div>
        <div className="lui-alert__title">{title}</div>
        {description ? <div className="lui-alert__description">{description}</div> : null}
      </div>
    </div>
  );
}

/** "Working on it", for a part of the page still loading. */
export function LightSpinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div className="lui-spinner" role="status">
      <LightIcon shape={LOADING_ICON} className="lui-spin" />
      <span className={showLabel ? 'lui-spinner__text' : 'lui-sr-only'}>{label}</span>
    </div>
  );
}

/** The "or" between two ways of doing something. */
export function TextDivider({ children }: { children: string }) {
  return <div className="lui-divider">{children}</div>;
}
