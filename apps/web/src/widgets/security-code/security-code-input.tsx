import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECURITY_CODE_LENGTH, useSecurityCodeBoxes } from './security-code-boxes';
import './security-code-input.css';

export { SECURITY_CODE_LENGTH };

export interface SecurityCodeInputProps {
  /**
   * The code typed so far. A box emptied between filled ones is a space, so the other boxes keep
   * their places; trailing empty boxes are left off. An antd `Form.Item` passes it in.
   */
  value?: string;
  onChange?: (value: string) => void;
  /** Called with the code when an edit leaves all six boxes filled (an edit, never a re-render). */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  status?: 'error';
  autoFocus?: boolean;
  /** Given to the first box, so the Form.Item's label focuses it. */
  id?: string;
}

/**
 * The 6-digit security-code input of spec section 5: six one-character boxes. Typing moves to the
 * next box; a paste on any box takes the first six characters of the trimmed text and fills from
 * the first box; Backspace on an empty box clears the previous one and moves there; the arrow
 * keys move. Any non-space character is taken (the keyboard offered is the numeric one).
 */
export function SecurityCodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  status,
  autoFocus,
  id,
}: SecurityCodeInputProps) {
  const { t } = useTranslation();
  const { boxes, boxRef, onType, onPaste, onKeyDown } = useSecurityCodeBoxes({ value, onChange, onComplete });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend the design does not have.
    <div className="security-code" role="group" aria-label={t('Security code')}>
      {boxes.map((char, index) => (
        <Input
          // The boxes never reorder; the position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          ref={boxRef(index)}
          id={index === 0 ? id : undefined}
          className="security-code__box"
          value={char}
          status={status}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('Digit {{index}} of {{count}}', { index: index + 1, count: SECURITY_CODE_LENGTH })}
          onChange={(event) => onType(index, event.target.value)}
          onPaste={onPaste}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
