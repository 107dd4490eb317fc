import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { PeriodPicker, type PeriodPickerProps } from './period-picker';

function renderPeriod(
  props: Partial<PeriodPickerProps> & Pick<PeriodPickerProps, 'granularity'>,
  path = '/report',
) {
  const onChange = vi.fn<(value: string | null) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <PeriodPicker onChange={onChange} {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** antd's picker takes typed text in its format; Enter commits it. */
async function typeInto(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

const headerMonth = () => document.querySelector('.ant-picker-month-btn')?.textContent;
const headerYear = () => document.querySelector('.ant-picker-year-btn')?.textContent;

describe('PeriodPicker: each granularity gives spec section 9’s format', () => {
  it("month gives 'YYYY-MM'", async () => {
    const { user, onChange } = renderPeriod({ granularity: 'month' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Choose a month' }), '2024-03');
    expect(onChange).toHaveBeenLastCalledWith('2024-03');
  });

  it("day gives 'YYYY-MM-DD'", async () => {
    const { user, onChange } = renderPeriod({ granularity: 'day' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Choose a day' }), '2024-03-09');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-09');
  });

  it("hour gives 'YYYY-MM-DD HH' (00 to 23)", async () => {
    const { user, onChange } = renderPeriod({ granularity: 'hour' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Choose an hour' }), '2024-03-09 14');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-09 14');
  });

  it('shows a value in its format and ignores one in another format', () => {
    renderPeriod({ granularity: 'hour', value: '2024-03-09 07', 'aria-label': 'Start' });
    expect((screen.getByRole('textbox', { name: 'Start' }) as HTMLInputElement).value).toBe('2024-03-09 07');
  });

  it('a value in another format shows nothing rather than a wrong period', () => {
    renderPeriod({ granularity: 'month', value: '2024-03-09' });
    expect((screen.getByRole('textbox', { name: 'Choose a month' }) as HTMLInputElement).value).toBe('');
  });
});

describe('PeriodPicker presets its month from the URL (spec section 2: year_month or month, YYYYMM)', () => {
  it('a day picker opens on the month named by year_month', async () => {
    const { user } = renderPeriod({ granularity: 'day' }, '/report?year_month=202405');
    await user.click(screen.getByRole('textbox', { name: 'Choose a day' }));
    await waitFor(() => expect(headerMonth()).toBe('May'));
    expect(headerYear()).toBe('2024');
  });

  it('an hour picker opens on the month named by month', async () => {
    const { user } = renderPeriod({ granularity: 'hour' }, '/report?month=202312');
    await user.click(screen.getByRole('textbox', { name: 'Choose an hour' }));
    await waitFor(() => expect(headerMonth()).toBe('Dec'));
    expect(headerYear()).toBe('2023');
  });

  it('a month picker takes the preset as its value, once; year_month wins over month', async () => {
    const { onChange } = renderPeriod({ granularity: 'month' }, '/report?month=202312&year_month=202102');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2021-02'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a month picker with a value keeps it: the preset changes nothing', async () => {
    const { onChange } = renderPeriod(
      { granularity: 'month', value: '2020-07' },
      '/report?year_month=202102',
    );
    expect(await screen.findByDisplayValue('2020-07')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a chosen value wins over the preset', async () => {
    const { user } = renderPeriod({ granularity: 'day', value: '2024-01-10' }, '/report?year_month=202405');
    await user.click(screen.getByRole('textbox', { name: 'Choose a day' }));
    await waitFor(() => expect(headerMonth()).toBe('Jan'));
  });
});
