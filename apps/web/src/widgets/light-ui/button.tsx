import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LightIcon, LOADING_ICON } from './icon';
import './light-ui.css';

export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'link';
  size?: 'large' | 'middle' | 'small';
  block?: boolean;
  /** Working (a call in flight): a spinner, `aria-busy`, and clicks do nothing. */
  busy?: boolean;
  icon?: ReactNode;
}

/**
 * A button as antd draws it (primary, default or link; large by default), without antd. A busy
 * button keeps its place in the tab order and its name, says `aria-busy`, and ignores clicks, so
 * a form cannot be sent twice.
 */
export function LightButton({
  variant = 'default',
  size = 'large',
  block = false,
  busy = false,
  icon,
  type = 'button',
  className,
  children,
  onClick,
  ...props
}: LightButtonProps) {
  const classes = ['lui-button', `lui-button--${variant}`];
  if (size !== 'large') classes.push(`lui-button--${size}`);
  if (block) classes.push('lui-button--block');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {busy ? <LightIcon shape={LOADING_ICON} className="lui-spin" /> : icon}
      {children === undefined ? null : <span>{children}</span>}
    </button>
  );
}
