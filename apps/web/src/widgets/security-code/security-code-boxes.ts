import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';

/** Spec section 5: security codes have six characters. */
export const SECURITY_CODE_LENGTH = 6;

const HOLE = ' ';

/** What the boxes need of an input: the antd `InputRef` and a plain `<input>` both have these. */
export interface BoxElement {
  focus: () => void;
  select: () => void;
}

export interface SecurityCodeBoxesOptions {
  /**
   * The code typed so far. A box emptied between filled ones is a space, so the other boxes keep
   * their places; trailing empty boxes are left off.
   */
  value?: string;
  onChange?: (value: string) => void;
  /** Called with the code when an edit leaves all six boxes filled (an edit, never a re-render). */
  onComplete?: (code: string) => void;
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
 * The behaviour of the six security-code boxes of spec section 5, for any kind of input: typing
 * moves to the next box; a paste on any box takes the first six characters of the trimmed text and
 * fills from the first box; Backspace on an empty box clears the previous one and moves there; the
 * arrow keys move. Any non-space character is taken (the keyboard offered is the numeric one).
 * Shared by the antd `SecurityCodeInput` and the light one of the sign-in pages.
 */
export function useSecurityCodeBoxes({ value, onChange, onComplete }: SecurityCodeBoxesOptions) {
  const [ownValue, setOwnValue] = useState('');
  const current = value ?? ownValue;
  const boxes = toBoxes(current);
  const refs = useRef<(BoxElement | null)[]>([]);

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

  /** A ref callback for box `index`. */
  const boxRef = (index: number) => (element: BoxElement | null) => {
    refs.current[index] = element;
  };

  return { boxes, boxRef, onType, onPaste, onKeyDown };
}
