import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { SecurityCodeInput, type SecurityCodeInputProps } from './security-code-input';

/** A parent holding the value, as a page (or a Form.Item) does. */
function Controlled(props: Omit<SecurityCodeInputProps, 'value'> & { initial?: string }) {
  const { initial = '', onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <SecurityCodeInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function renderCode(props: Omit<SecurityCodeInputProps, 'value'> & { initial?: string } = {}) {
  const onChange = vi.fn<(value: string) => void>();
  const onComplete = vi.fn<(code: string) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Controlled onChange={onChange} onComplete={onComplete} {...props} />
    </AppProviders>,
  );
  return { onChange, onComplete, user: userEvent.setup() };
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const shown = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value);

describe('SecurityCodeInput (spec section 5)', () => {
  it('has six one-character boxes offering the numeric keyboard, the first open to one-time-code autofill', () => {
    renderCode();
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n).getAttribute('inputmode')).toBe('numeric');
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByLabelText('Digit 7 of 6')).toBeNull();
  });

  it('typing a digit moves focus to the next box', async () => {
    const { user, onChange } = renderCode();
    await user.click(box(1));
    await user.keyboard('4');
    expect(shown()).toEqual(['4', '', '', '', '', '']);
    expect(document.activeElement).toBe(box(2));
    expect(onChange).toHaveBeenLastCalledWith('4');
  });

  it('typing into a filled box replaces its character (one character per box)', async () => {
    const { user } = renderCode({ initial: '123' });
    await user.click(box(2));
    await user.keyboard('9');
    expect(shown()).toEqual(['1', '9', '3', '', '', '']);
    expect(document.activeElement).toBe(box(3));
  });

  it("paste '  123456789 ' fills 1,2,3,4,5,6, from the first box even when pasted into the fourth", async () => {
    const { user, onChange } = renderCode({ initial: 'ab' });
    await user.click(box(4));
    await user.paste('  123456789 ');
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onChange).toHaveBeenLastCalledWith('123456');
  });

  it('a short paste fills from the first box, clears the rest and focuses the next empty box', async () => {
    const { user } = renderCode({ initial: '999999' });
    await user.click(box(5));
    await user.paste(' 12 ');
    expect(shown()).toEqual(['1', '2', '', '', '', '']);
    expect(document.activeElement).toBe(box(3));
  });

  it('backspace on an empty third box moves focus to the second and clears it', async () => {
    const { user, onChange } = renderCode({ initial: '12' });
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(shown()).toEqual(['1', '', '', '', '', '']);
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('backspace on a filled box clears that box and stays; the other boxes keep their places', async () => {
    const { user, onChange } = renderCode({ initial: '123456' });
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(3));
    expect(shown()).toEqual(['1', '2', '', '4', '5', '6']);
    // The value is incomplete: the hole is a space, so a 6-digit rule refuses it.
    expect(onChange).toHaveBeenLastCalledWith('12 456');
  });

  it('the arrow keys move between boxes', async () => {
    const { user } = renderCode({ initial: '123' });
    await user.click(box(2));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(box(1));
  });

  it('ignores spaces typed into a box', async () => {
    const { user, onChange } = renderCode();
    await user.click(box(1));
    await user.keyboard(' ');
    expect(shown()).toEqual(['', '', '', '', '', '']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('onComplete fires once with 6 chars, when typed key by key', async () => {
    const { user, onComplete } = renderCode();
    await user.click(box(1));
    await user.keyboard('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('onComplete fires once with 6 chars, when pasted', async () => {
    const { user, onComplete } = renderCode();
    await user.click(box(1));
    await user.paste('654321');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('a disabled input takes nothing', async () => {
    const { user, onChange } = renderCode({ disabled: true });
    expect(box(1).disabled).toBe(true);
    await user.click(box(1));
    await user.keyboard('1');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('status="error" marks every box', () => {
    renderCode({ status: 'error' });
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n).className).toContain('ant-input-status-error');
  });

  it('works as the control of an antd Form.Item: its label focuses the first box, the form gets the code', async () => {
    const onFinish = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Form onFinish={onFinish}>
          <Form.Item name="code" label="Code" rules={[{ len: 6, message: 'Enter the 6-digit code' }]}>
            <SecurityCodeInput />
          </Form.Item>
          <Button htmlType="submit">Go</Button>
        </Form>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('Code'));
    expect(document.activeElement).toBe(box(1));
    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ code: '246810' }));
  });
});
