import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightIcon } from './icon';
import { EYE_ICON } from './icons/eye';
import { EYE_INVISIBLE_ICON } from './icons/eye-invisible';
import './light-ui.css';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix' | 'id'> {
  /** The input's id (server field errors find the field by it); the label points at it. */
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field, linked to it (`aria-describedby`), and marks it `aria-invalid`. */
  error?: string | null;
  /** What the field expects, under the error. */
  hint?: ReactNode;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** A labelled input as antd's large Form.Item draws it, with its error and hint under it. */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  prefix,
  suffix,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'lui-field lui-field--invalid' : 'lui-field'}>
      <label className="lui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'lui-input lui-input--error' : 'lui-input'}>
        {prefix ? <span className="lui-input__prefix">{prefix}</span> : null}
        <input
          id={id}
          name={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...inputProps}
        />
        {suffix}
      </div>
      {error ? (
        <div id={errorId} className="lui-field__error">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="lui-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A password field with a show/hide switch. The switch is a toggle button whose name comes from
 * hidden text, not `aria-label`, so "Password" still names one field only.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="lui-input__toggle"
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown((value) => !value)}
        >
          <LightIcon shape={shown ? EYE_ICON : EYE_INVISIBLE_ICON} />
          <span className="lui-sr-only">{t('Show password')}</span>
        </button>
      }
    />
  );
}
