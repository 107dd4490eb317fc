import { type ReactNode, useId, useState } from 'react';
import './light-ui.css';

/**
 * Says on hover (and on focus within) why the control inside cannot be used. The same text is
 * the control's description (`aria-describedby`), hidden until shown: a disabled button takes no
 * focus, so a screen reader reads the reason with the button instead.
 */
export function LightTooltip({
  title,
  children,
}: {
  title: string | null;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!title) return <>{children(undefined)}</>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only shows text the control's description already carries.
    <span
      className="lui-tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      style={{ cursor: 'not-allowed' }}
    >
      {children(id)}
      <span
        id={id}
        className={open ? 'lui-tooltip__bubble' : 'lui-sr-only'}
        role={open ? 'tooltip' : undefined}
      >
        {title}
      </span>
    </span>
  );
}
