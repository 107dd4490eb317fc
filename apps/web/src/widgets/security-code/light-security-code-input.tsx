import { useTranslation } from 'react-i18next';
import { SECURITY_CODE_LENGTH, useSecurityCodeBoxes } from './security-code-boxes';
import '../light-ui/light-ui.css';
import './security-code-input.css';

export interface LightSecurityCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Called with the code when an edit leaves all six boxes filled. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  /** Marks every box `aria-invalid` and red; the message itself is the caller's (see `errorId`). */
  invalid?: boolean;
  /** The id of the message that describes the boxes (the error), for screen readers. */
  describedBy?: string;
  autoFocus?: boolean;
  /** Given to the first box, so a label (or a refusal) can focus it. */
  id?: string;
}

/**
 * The six security-code boxes of spec section 5 in plain inputs, for the sign-in pages, which load
 * no antd; they behave exactly as the antd `SecurityCodeInput` (the same `useSecurityCodeBoxes`).
 */
export function LightSecurityCodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  describedBy,
  autoFocus,
  id,
}: LightSecurityCodeInputProps) {
  const { t } = useTranslation();
  const { boxes, boxRef, onType, onPaste, onKeyDown } = useSecurityCodeBoxes({ value, onChange, onComplete });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend the design does not have.
    <div className="security-code" role="group" aria-label={t('Security code')}>
      {boxes.map((char, index) => (
        <span
          // The boxes never reorder; the position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          className={
            invalid ? 'lui-input lui-input--error security-code__box' : 'lui-input security-code__box'
          }
        >
          <input
            ref={boxRef(index)}
            id={index === 0 ? id : undefined}
            value={char}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the code step opens for typing the code at once (or the phone's autofill).
            autoFocus={autoFocus && index === 0}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('Digit {{index}} of {{count}}', { index: index + 1, count: SECURITY_CODE_LENGTH })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onType(index, event.target.value)}
            onPaste={onPaste}
            onKeyDown={(event) => onKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        </span>
      ))}
    </div>
  );
}
