import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { SingleDatePicker, type SingleDatePickerProps } from './single-date-picker';

function renderDay(props: Partial<SingleDatePickerProps> = {}) {
  const onChange = vi.fn<(value: string | null) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SingleDatePicker onChange={onChange} {...props} />
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup() };
}

const field = () => screen.getByRole('textbox', { name: 'Choose a day' }) as HTMLInputElement;

describe('SingleDatePicker', () => {
  it("gives one day as 'YYYY-MM-DD'", async () => {
    const { user, onChange } = renderDay();
    await user.click(field());
    await user.type(field(), '2024-02-29{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2024-02-29');
  });

  it('shows the day it holds', () => {
    renderDay({ value: '2024-05-10' });
    expect(field().value).toBe('2024-05-10');
  });

  it('days before min or after max cannot be picked', async () => {
    const { user } = renderDay({ value: '2024-05-10', min: '2024-05-05', max: '2024-05-20' });
    await user.click(field());
    const cell = (day: string) => document.querySelector(`td[title="${day}"]`);
    await waitFor(() => expect(cell('2024-05-04')).toBeTruthy());
    expect(cell('2024-05-04')?.className).toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-05')?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-20')?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-21')?.className).toContain('ant-picker-cell-disabled');
  });
});
