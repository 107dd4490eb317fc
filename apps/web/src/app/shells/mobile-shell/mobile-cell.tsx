import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface CellContent {
  icon?: ReactNode;
  label: ReactNode;
  /** Shown at the end of the row: the current value, or a control such as a switch. */
  value?: ReactNode;
}

/** A touch-sized row that opens another page. */
export function MobileLinkCell({ to, icon, label, value }: CellContent & { to: string }) {
  return (
    <Link to={to} className="mobile-cell">
      {icon ? (
        <span className="mobile-cell__icon" aria-hidden>
          {icon}
        </span>
      ) : null}
      <span className="mobile-cell__label">{label}</span>
      {value ? <span className="mobile-cell__value">{value}</span> : null}
      <RightOutlined className="mobile-cell__chevron" aria-hidden />
    </Link>
  );
}

/**
 * A row holding its own control (switch, segmented): a plain row, not a button, so the control
 * keeps its own role and label.
 */
export function MobileControlCell({ icon, label, value, labelId }: CellContent & { labelId?: string }) {
  return (
    <div className="mobile-cell">
      {icon ? (
        <span className="mobile-cell__icon" aria-hidden>
          {icon}
        </span>
      ) : null}
      <span className="mobile-cell__label" id={labelId}>
        {label}
      </span>
      {value}
    </div>
  );
}
