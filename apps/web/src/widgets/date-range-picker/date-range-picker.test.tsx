import type { DateParamValue } from '@app/contract/analysis/parameters';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { stubFetch } from '../../app/testing/stub-fetch';
import { changeLanguage } from '../../lib/i18n/change-language';
import { createQueryClient } from '../../lib/query-client';
import { DateRangePicker, type DateRangePickerProps } from './date-range-picker';

const TODAY = '2024-05-15';

/** A parent holding the value, as a form does. */
function Controlled(
  props: Omit<DateRangePickerProps, 'value' | 'onChange'> & {
    initial?: DateParamValue;
    onChange: (value: DateParamValue) => void;
  },
) {
  const { initial, onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderPicker(props: Partial<DateRangePickerProps> & { initial?: DateParamValue } = {}) {
  const onChange = vi.fn<(value: DateParamValue) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      {/* No motion: jsdom fires no transition events, so a closing popover would never leave. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Controlled today={TODAY} {...props} onChange={onChange} />
      </ConfigProvider>
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup() };
}

const trigger = () => screen.getByRole('button', { name: /^Date range: / });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(trigger());
  return screen.findByRole('dialog', { name: 'Date range' });
}

/** A day's button, named by its full date as a screen reader reads it. */
const day = (name: string) => screen.getByRole('button', { name });

describe('DateRangePicker (spec section 4)', () => {
  afterEach(async () => {
    // English has no translations to load; the stub answers the call for them.
    stubFetch();
    // Unmounted first: a page still shown would re-render in English after the test ended,
    // and React's scheduler would run once the test environment is gone (window is not defined).
    cleanup();
    await changeLanguage('en_US');
  });

  it('the trigger says what is chosen: nothing yet, a quick range by name, or start – end', () => {
    renderPicker();
    expect(trigger().getAttribute('aria-label')).toBe('Date range: Choose dates');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the quick range’s label and the comparison on the trigger', () => {
    renderPicker({
      compare: true,
      initial: {
        startDate: '2024-05-08',
        endDate: '2024-05-14',
        range: 'last_7_days',
        compare: 'yoy',
        compareStartDate: '2023-05-08',
        compareEndDate: '2023-05-14',
      },
    });
    expect(trigger().textContent).toBe(
      'Last 7 days (2024-05-08 – 2024-05-14) vs Same period last year (2023-05-08 – 2023-05-14)',
    );
  });

  it('a stored range alone shows its name and, as of today, its days', async () => {
    const { user } = renderPicker({ initial: { range: 'last_week' } });
    expect(trigger().textContent).toBe('Last week (2024-05-06 – 2024-05-12)');
    await openPanel(user);
    expect(day('Monday, May 6, 2024').getAttribute('aria-pressed')).toBe('true');
    expect(day('Sunday, May 12, 2024').getAttribute('aria-pressed')).toBe('true');
  });

  it('the first click sets the start; the second sets the end, confirms and closes the popover', async () => {
    const { user, onChange } = renderPicker();
    await openPanel(user);
    await user.click(day('Friday, May 3, 2024'));
    expect(onChange).not.toHaveBeenCalled();
    expect(day('Friday, May 3, 2024').getAttribute('aria-pressed')).toBe('true');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');

    await user.click(day('Friday, May 10, 2024'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ startDate: '2024-05-03', endDate: '2024-05-10' });
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger().textContent).toBe('2024-05-03 – 2024-05-10');
  });

  it('the second click before the first swaps them: start is the earlier day', async () => {
    const { user, onChange } = renderPicker();
    await openPanel(user);
    await user.click(day('Friday, May 10, 2024'));
    await user.click(day('Wednesday, April 24, 2024'));
    expect(onChange).toHaveBeenCalledWith({ startDate: '2024-04-24', endDate: '2024-05-10' });
  });

  it('clicking the same day twice picks that one day', async () => {
    const { user, onChange } = renderPicker();
    await openPanel(user);
    await user.click(day('Friday, May 3, 2024'));
    await user.click(day('Friday, May 3, 2024'));
    expect(onChange).toHaveBeenCalledWith({ startDate: '2024-05-03', endDate: '2024-05-03' });
  });

  it('a quick range sets its name and days and closes: "last 7 days" are the 7 whole days ending yesterday', async () => {
    const { user, onChange } = renderPicker();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenCalledWith({
      startDate: '2024-05-08',
      endDate: '2024-05-14',
      range: 'last_7_days',
    });
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger().textContent).toBe('Last 7 days (2024-05-08 – 2024-05-14)');
  });

  it('offers spec section 9’s quick ranges first, then the others', async () => {
    const { user } = renderPicker();
    const panel = await openPanel(user);
    const quick = within(panel).getByRole('list', { name: 'Quick ranges' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 365 days',
      'Last calendar year',
      'This month so far',
      'Last month',
      'This quarter so far',
      'Last quarter',
      'This year to date',
      'Last week',
    ]);
  });

  it('"last calendar year" is the whole previous year', async () => {
    const { user, onChange } = renderPicker();
    await user.click(within(await openPanel(user)).getByRole('button', { name: 'Last calendar year' }));
    expect(onChange).toHaveBeenCalledWith({
      startDate: '2023-01-01',
      endDate: '2023-12-31',
      range: 'last_calendar_year',
    });
  });

  it('shows two months side by side, ending with this month, and moves a month at a time', async () => {
    const { user } = renderPicker();
    const panel = await openPanel(user);
    const titles = () => [...panel.querySelectorAll('caption')].map((caption) => caption.textContent);
    expect(titles()).toEqual(['April 2024', 'May 2024']);
    await user.click(within(panel).getByRole('button', { name: 'One month later' }));
    expect(titles()).toEqual(['May 2024', 'June 2024']);
    await user.click(within(panel).getByRole('button', { name: 'One month earlier' }));
    await user.click(within(panel).getByRole('button', { name: 'One month earlier' }));
    expect(titles()).toEqual(['March 2024', 'April 2024']);
    expect(day('Friday, March 1, 2024')).toBeTruthy();
  });

  it('marks today for screen readers', async () => {
    const { user } = renderPicker();
    await openPanel(user);
    expect(day('Wednesday, May 15, 2024').getAttribute('aria-current')).toBe('date');
    expect(day('Tuesday, May 14, 2024').getAttribute('aria-current')).toBeNull();
  });

  it('without compare offers no compare modes and gives no comparison', async () => {
    const { user, onChange } = renderPicker();
    const panel = await openPanel(user);
    expect(within(panel).queryByRole('radiogroup')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledWith({
      startDate: '2024-05-14',
      endDate: '2024-05-14',
      range: 'yesterday',
    });
  });

  it('compare modes: None, YoY, MoM, Preceding; a mode chosen first fills the comparison of the range picked next', async () => {
    const { user, onChange } = renderPicker({ compare: true });
    const panel = await openPanel(user);
    const modes = within(panel).getByRole('radiogroup', { name: 'Compare with' });
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['No comparison', 'Same period last year', 'Previous month', 'Preceding period']);
    await user.click(within(modes).getByRole('radio', { name: 'Preceding period' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day('Wednesday, May 1, 2024'));
    await user.click(day('Tuesday, May 7, 2024'));
    expect(onChange).toHaveBeenCalledWith({
      startDate: '2024-05-01',
      endDate: '2024-05-07',
      compare: 'preceding',
      compareStartDate: '2024-04-24',
      compareEndDate: '2024-04-30',
    });
  });

  it('changing the mode of a chosen range recomputes its comparison at once (MoM of April is March)', async () => {
    const { user, onChange } = renderPicker({
      compare: true,
      initial: { startDate: '2024-04-01', endDate: '2024-04-30', range: 'last_month' },
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('radio', { name: 'Previous month' }));
    expect(onChange).toHaveBeenLastCalledWith({
      startDate: '2024-04-01',
      endDate: '2024-04-30',
      range: 'last_month',
      compare: 'mom',
      compareStartDate: '2024-03-01',
      compareEndDate: '2024-03-31',
    });
    await user.click(within(panel).getByRole('radio', { name: 'No comparison' }));
    expect(onChange).toHaveBeenLastCalledWith({
      startDate: '2024-04-01',
      endDate: '2024-04-30',
      range: 'last_month',
    });
  });

  it('opening moves focus into the popover; Escape closes it and gives focus back to the trigger', async () => {
    const { user, onChange } = renderPicker({
      initial: { startDate: '2024-05-14', endDate: '2024-05-14', range: 'yesterday' },
    });
    const panel = await openPanel(user);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Yesterday' })),
    );
    await user.keyboard('{Escape}');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a disabled picker does not open', async () => {
    const { user } = renderPicker({ disabled: true });
    expect((trigger() as HTMLButtonElement).disabled).toBe(true);
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['en_US', ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], 'Friday, May 3, 2024'],
    ['fr_FR', ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'], 'vendredi 3 mai 2024'],
    ['zh_CN', ['一', '二', '三', '四', '五', '六', '日'], '2024年5月3日星期五'],
    ['zh_HK', ['一', '二', '三', '四', '五', '六', '日'], '2024年5月3日星期五'],
  ] as const)(
    'in %s the weekday header reads %j and days are named in that language',
    async (loc, labels, may3) => {
      stubFetch();
      await changeLanguage(loc);
      const { user } = renderPicker();
      await user.click(screen.getByRole('button', { expanded: false }));
      const panel = await screen.findByRole('dialog');
      const [april] = within(panel).getAllByRole('table');
      expect(
        within(april as HTMLElement)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual([...labels]);
      expect(screen.getByRole('button', { name: may3 })).toBeTruthy();
    },
  );
});
