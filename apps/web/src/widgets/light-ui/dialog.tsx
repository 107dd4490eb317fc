import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LightIcon } from './icon';
import { CLOSE_ICON } from './icons/close';
import './light-ui.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: named by its title, focus moved in on open and kept inside (Tab wraps), Escape
 * or the close button closes it, and focus returns to where it was. Its content mounts only while
 * open, so a closed dialog holds nothing (a QR code asks anew on the next opening).
 */
export function LightDialog({
  open,
  title,
  onClose,
  width = 380,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement;
    panel.current?.focus();
    return () => {
      if (returnTo instanceof HTMLElement) returnTo.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the mask only closes on a click beside the dialog; the dialog has its own close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (handled on the dialog).
    <div
      className="lui lui-dialog__mask"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="lui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ maxWidth: width }}
        onKeyDown={onKeyDown}
      >
        <h2 className="lui-dialog__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="lui-dialog__close" onClick={onClose}>
          <LightIcon shape={CLOSE_ICON} />
          <span className="lui-sr-only">{t('Close')}</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
