import { Button, type ButtonProps, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionProps extends Omit<ButtonProps, 'onClick' | 'title' | 'children'> {
  /** The question, e.g. "Delete the project Apollo?". */
  title: ReactNode;
  /** What follows from saying yes, under the question. */
  description?: ReactNode;
  /** The confirming button's text; also the trigger's, unless `children` name it otherwise. */
  okText: string;
  /** "Cancel" unless the question needs another word ("Keep it"). */
  cancelText?: string;
  /** Removes or ends something: the confirming button is red (the trigger's look is its own `danger`). */
  destructive?: boolean;
  /**
   * Runs once confirmed. While a returned promise is pending the confirming button spins. Calls
   * made here are not silent, so a refusal has already been shown by the error catalogue: the
   * pop-over then just closes.
   */
  onConfirm: () => unknown;
  children?: ReactNode;
}

/**
 * A button whose action is asked about first (delete, remove, sign out, resend...): one look and
 * one behaviour for every row and card action that needs a yes. The other props go to the trigger
 * button (size, type, icon, danger, loading, aria-label).
 */
export function ConfirmAction({
  title,
  description,
  okText,
  cancelText,
  destructive = false,
  onConfirm,
  children,
  ...button
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const confirm = async () => {
    try {
      await onConfirm();
    } catch {
      // Shown by the error catalogue already; closing is all that is left to do.
    }
  };
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      okButtonProps={destructive ? { danger: true } : undefined}
      cancelText={cancelText ?? t('Cancel')}
      onConfirm={confirm}
    >
      <Button {...button}>{children ?? okText}</Button>
    </Popconfirm>
  );
}
