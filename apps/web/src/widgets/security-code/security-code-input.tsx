import { Input, type InputRef } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './security-code-input.css';

/** Spec section 5: security codes have six characters. */
export const SECURITY_CODE_LENGTH = 6;

const HOLE = ' ';

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

function toBoxes(value: string): string[] {
  return Array.from({ length: SECURITY_CODE_LENGTH }, (_, index) => {
    const char = value[index] ?? '';
    return char === HOLE ? '' : char;
  });
}

function toValue(boxes: string[]): string {
  return boxes
    .map((char) => char || HOLE)
    .join('')
    .trimEnd();
}

function isComplete(boxes: string[]): boolean {
  return boxes.every((char) => char !== '');
}

/** What a keystroke added to a box that already held `previous` (the caret may sit either side). */
function typedText(raw: string, previous: string): string {
  if (previous && raw.length === previous.length + 1) {
    if (raw.startsWith(previous)) return raw.slice(previous.length);
    if (raw.endsWith(previous)) return raw.slice(0, 1);
  }
  return raw;
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
  const [ownValue, setOwnValue] = useState('');
  const current = value ?? ownValue;
  const boxes = toBoxes(current);
  const refs = useRef<(InputRef | null)[]>([]);

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(SECURITY_CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    const nextValue = toValue(next);
    if (nextValue === current) return;
    if (value === undefined) setOwnValue(nextValue);
    onChange?.(nextValue);
    if (isComplete(next)) onComplete?.(nextValue);
  };

  /** Writes `chars` into the boxes from `start` on; returns the box after the last one written. */
  const fillFrom = (start: number, chars: string[], base: string[]) => {
    const next = [...base];
    let index = start;
    for (const char of chars) {
      if (index >= SECURITY_CODE_LENGTH) break;
      next[index] = /\s/.test(char) ? '' : char;
      index += 1;
    }
    commit(next);
    return index;
  };

  const onType = (index: number, raw: string) => {
    const chars = Array.from(typedText(raw, boxes[index] ?? '')).filter((char) => !/\s/.test(char));
    if (chars.length === 0) {
      if (raw === '') commit(boxes.map((char, at) => (at === index ? '' : char)));
      return;
    }
    // More than one character at once is the phone's one-time-code autofill (or an IME).
    const after = fillFrom(index, chars, boxes);
    focusBox(after);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = Array.from(event.clipboardData.getData('text').trim()).slice(0, SECURITY_CODE_LENGTH);
    if (chars.length === 0) return;
    const after = fillFrom(0, chars, Array(SECURITY_CODE_LENGTH).fill(''));
    focusBox(after);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault();
      focusBox(to);
    };
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (boxes[index]) {
          commit(boxes.map((char, at) => (at === index ? '' : char)));
        } else if (index > 0) {
          commit(boxes.map((char, at) => (at === index - 1 ? '' : char)));
          focusBox(index - 1);
        }
        return;
      case 'Delete':
        event.preventDefault();
        commit(boxes.map((char, at) => (at === index ? '' : char)));
        return;
      case 'ArrowLeft':
        return move(index - 1);
      case 'ArrowRight':
        return move(index + 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(SECURITY_CODE_LENGTH - 1);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend the design does not have.
    <div className="security-code" role="group" aria-label={t('Security code')}>
      {boxes.map((char, index) => (
        <Input
          // The boxes never reorder; the position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
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
