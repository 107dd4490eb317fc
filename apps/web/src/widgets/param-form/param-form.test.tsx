import type { InputParameter, ParamValues } from '@app/contract/analysis/parameters';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zhCN from '../../../../server/src/modules/i18n/seed/web-analysis-forms.zh_CN.json';
import { AppProviders } from '../../app/providers';
import { stubFetch } from '../../app/testing/stub-fetch';
import { changeLanguage } from '../../lib/i18n/change-language';
import { createQueryClient } from '../../lib/query-client';
import { ParamForm, type ParamFormProps } from './param-form';

const TODAY = '2024-05-15';

function param(
  key: string,
  label: string,
  input: Partial<InputParameter['input_data']> & Pick<InputParameter['input_data'], 'type'>,
  required = false,
): InputParameter {
  return { key, alias: label, name: label, required, input_data: { label, ...input } };
}

const CHANNELS = [
  { display: 'Email', value: 'email' },
  { display: 'Ads', value: 'ads' },
  { display: 'SEO', value: 'seo' },
];

/** A parent holding the values, as a page does. */
function Controlled(
  props: Omit<ParamFormProps, 'values' | 'onChange'> & {
    initial: ParamValues;
    onChange: ParamFormProps['onChange'];
  },
) {
  const { initial, onChange, ...rest } = props;
  const [values, setValues] = useState(initial);
  return (
    <ParamForm
      {...rest}
      values={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

function renderForm(
  params: InputParameter[],
  initial: ParamValues = {},
  props: Partial<ParamFormProps> = {},
) {
  const onSubmit = vi.fn<(values: ParamValues) => void>();
  const onChange = vi.fn<(values: ParamValues) => void>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      {/* No motion: jsdom fires no transition events. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Controlled
          params={params}
          initial={initial}
          onChange={onChange}
          onSubmit={onSubmit}
          today={TODAY}
          {...props}
        />
      </ConfigProvider>
    </AppProviders>,
  );
  return { onSubmit, onChange, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function submit(user: User, name = 'Run') {
  await user.click(screen.getByRole('button', { name }));
}

/** Submits and waits for what the form hands over. */
async function submitted(user: User, onSubmit: ReturnType<typeof vi.fn>) {
  await submit(user);
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0]?.[0];
}

describe('ParamForm: one control per spec type, each submitting its value', () => {
  it('str is a text input; its text is submitted trimmed', async () => {
    const { user, onSubmit } = renderForm([
      param('company', 'Company', { type: 'str', placeholder: 'Your brand' }),
    ]);
    const input = screen.getByLabelText('Company') as HTMLInputElement;
    expect(input.placeholder).toBe('Your brand');
    await user.click(input);
    await user.paste('  Acme  ');
    expect(await submitted(user, onSubmit)).toEqual({ company: 'Acme' });
  });

  it('text is a text area keeping its lines', async () => {
    const { user, onSubmit } = renderForm([param('notes', 'Notes', { type: 'text' })]);
    const area = screen.getByLabelText('Notes');
    expect(area.tagName).toBe('TEXTAREA');
    await user.click(area);
    await user.paste('line one\nline two');
    expect(await submitted(user, onSubmit)).toEqual({ notes: 'line one\nline two' });
  });

  it('list is a tags select; each entry (typed, comma separated) becomes one item', async () => {
    const { user, onSubmit } = renderForm([param('keywords', 'Keywords', { type: 'list' })]);
    const box = screen.getByRole('combobox', { name: 'Keywords' });
    await user.click(box);
    await user.type(box, 'shoes,boots,');
    expect(await submitted(user, onSubmit)).toEqual({ keywords: ['shoes', 'boots'] });
  });

  it('bool is a switch: on is true, untouched is false', async () => {
    const { user, onSubmit } = renderForm([
      param('tax', 'Include tax', { type: 'bool' }),
      param('draft', 'Draft', { type: 'bool' }, true),
    ]);
    await user.click(screen.getByRole('switch', { name: 'Include tax' }));
    expect(await submitted(user, onSubmit)).toEqual({ tax: true, draft: false });
  });

  it('int is a number input taking whole numbers only (precision 0)', async () => {
    const { user, onSubmit } = renderForm([param('top', 'Top N', { type: 'int', min: 1, max: 50 })]);
    const box = screen.getByRole('spinbutton', { name: 'Top N' });
    expect(box.getAttribute('aria-valuemin')).toBe('1');
    expect(box.getAttribute('aria-valuemax')).toBe('50');
    await user.type(box, '7.6');
    await user.tab();
    expect(await submitted(user, onSubmit)).toEqual({ top: 8 });
  });

  it('float is a number input keeping its decimals', async () => {
    const { user, onSubmit } = renderForm([param('ratio', 'Ratio', { type: 'float' })]);
    await user.type(screen.getByRole('spinbutton', { name: 'Ratio' }), '0.25');
    expect(await submitted(user, onSubmit)).toEqual({ ratio: 0.25 });
  });

  it('option is a select of its options; the option’s value is submitted', async () => {
    const { user, onSubmit } = renderForm([
      param('metric', 'Metric', {
        type: 'option',
        options: [
          { display: 'Clicks', value: 'clicks' },
          { display: 'Impressions', value: 'impressions' },
        ],
      }),
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Metric' }));
    // The listbox's options are antd's screen-reader copies; the shown option takes the click.
    await user.click(await screen.findByTitle('Impressions'));
    expect(await submitted(user, onSubmit)).toEqual({ metric: 'impressions' });
  });

  it('check_list is a group of checkboxes; the choices are submitted semicolon separated', async () => {
    const { user, onSubmit, onChange } = renderForm([
      param('channels', 'Channels', { type: 'check_list', options: CHANNELS }),
    ]);
    const group = screen.getByRole('group', { name: 'Channels' });
    await user.click(within(group).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(group).getByRole('checkbox', { name: 'SEO' }));
    expect(onChange).toHaveBeenLastCalledWith({ channels: 'email;seo' });
    expect(await submitted(user, onSubmit)).toEqual({ channels: 'email;seo' });
  });

  it('a check_list value shows its choices ticked', () => {
    renderForm([param('channels', 'Channels', { type: 'check_list', options: CHANNELS })], {
      channels: 'ads;seo',
    });
    const group = screen.getByRole('group', { name: 'Channels' });
    const ticked = within(group)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(ticked).toEqual(['Ads', 'SEO']);
  });

  it('date is the date-range picker; a quick range is submitted with its days', async () => {
    const { user, onSubmit } = renderForm([param('period', 'Period', { type: 'date' })]);
    await user.click(screen.getByRole('button', { name: 'Period: Choose dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Period' });
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Last 30 days' }));
    expect(await submitted(user, onSubmit)).toEqual({
      period: { startDate: '2024-04-15', endDate: '2024-05-14', range: 'last_30_days' },
    });
  });

  it('date with input_data.compare offers the compare modes and submits the comparison', async () => {
    const { user, onSubmit } = renderForm([param('period', 'Period', { type: 'date', compare: true })]);
    await user.click(screen.getByRole('button', { name: 'Period: Choose dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Period' });
    await user.click(within(dialog).getByRole('radio', { name: 'Same period last year' }));
    await user.click(within(dialog).getByRole('button', { name: 'Last month' }));
    expect(await submitted(user, onSubmit)).toEqual({
      period: {
        startDate: '2024-04-01',
        endDate: '2024-04-30',
        range: 'last_month',
        compare: 'yoy',
        compareStartDate: '2023-04-01',
        compareEndDate: '2023-04-30',
      },
    });
  });
});

describe('ParamForm: labels, fixed values and defaults', () => {
  it('shows each label, with the required mark on required parameters only', () => {
    renderForm([
      param('company', 'Company', { type: 'str' }, true),
      param('notes', 'Notes', { type: 'text' }),
    ]);
    const label = (text: string) => screen.getByText(text).closest('label');
    expect(label('Company')?.className).toContain('ant-form-item-required');
    expect(label('Notes')?.className).not.toContain('ant-form-item-required');
  });

  it('a fixed value is shown read-only and is what is submitted, whatever the values say', async () => {
    const { user, onSubmit } = renderForm(
      [
        param('region', 'Region', { type: 'str', fixed: 'EU' }),
        param('tax', 'Include tax', { type: 'bool', fixed: true }),
      ],
      { region: 'US', tax: false },
    );
    const region = screen.getByLabelText('Region') as HTMLInputElement;
    expect(region.value).toBe('EU');
    expect(region.disabled).toBe(true);
    const tax = screen.getByRole('switch', { name: 'Include tax' }) as HTMLButtonElement;
    expect(tax.disabled).toBe(true);
    await user.click(tax);
    expect(tax.getAttribute('aria-checked')).toBe('true');
    expect(await submitted(user, onSubmit)).toEqual({ region: 'EU', tax: true });
  });

  it('a default prefills its field and is submitted when left alone', async () => {
    const { user, onSubmit } = renderForm([
      param('top', 'Top N', { type: 'int', default: 10 }),
      param('period', 'Period', { type: 'date', default: { range: 'last_7_days' } }),
    ]);
    expect((screen.getByRole('spinbutton', { name: 'Top N' }) as HTMLInputElement).value).toBe('10');
    expect(
      screen.getByRole('button', { name: /^Period: Last 7 days \(\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}\)$/ }),
    ).toBeTruthy();
    expect(await submitted(user, onSubmit)).toEqual({ top: 10, period: { range: 'last_7_days' } });
  });

  it('every edit hands over all the values with the edited one replaced', async () => {
    const { user, onChange } = renderForm(
      [param('company', 'Company', { type: 'str' }), param('top', 'Top N', { type: 'int' })],
      { top: 3 },
    );
    await user.type(screen.getByLabelText('Company'), 'A');
    expect(onChange).toHaveBeenLastCalledWith({ top: 3, company: 'A' });
  });
});

describe('ParamForm: submitting runs checkParameterValues', () => {
  afterEach(async () => {
    // English has no translations to load; the stub answers the call for them.
    stubFetch();
    // Unmounted first: a page still shown would re-render in English after the test ended,
    // and React's scheduler would run once the test environment is gone (window is not defined).
    cleanup();
    await changeLanguage('en_US');
  });

  it('a blank required parameter says "Required parameters must be complete", marks the field and submits nothing', async () => {
    const { user, onSubmit } = renderForm([
      param('company', 'Company', { type: 'str' }, true),
      param('notes', 'Notes', { type: 'text' }),
    ]);
    await submit(user);
    const alerts = await screen.findAllByText('Required parameters must be complete');
    // The form's message, and the same words under the blank field.
    expect(alerts).toHaveLength(2);
    const field = screen.getByLabelText('Company');
    expect(field.closest('.ant-form-item')?.className).toContain('ant-form-item-has-error');
    expect(screen.getByLabelText('Notes').closest('.ant-form-item')?.className).not.toContain(
      'ant-form-item-has-error',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('editing the field clears its error, and the message once nothing required is blank', async () => {
    const { user } = renderForm([param('company', 'Company', { type: 'str' }, true)]);
    await submit(user);
    await screen.findAllByText('Required parameters must be complete');
    await user.type(screen.getByLabelText('Company'), 'A');
    await waitFor(() =>
      expect(screen.getByLabelText('Company').closest('.ant-form-item')?.className).not.toContain(
        'ant-form-item-has-error',
      ),
    );
    // Nothing required is blank any more: the form's message goes too.
    expect(screen.queryByText('Required parameters must be complete')).toBeNull();
  });

  it('a value its type refuses shows the contract’s reason under the field and is not submitted', async () => {
    const { user, onSubmit } = renderForm([param('top', 'Top N', { type: 'int', max: 50 })], { top: 80 });
    await submit(user);
    expect(await screen.findByText('At most 50')).toBeTruthy();
    expect(screen.queryByText('Required parameters must be complete')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in zh_CN the message is the spec’s Chinese text 请把必须参数输入完整', async () => {
    stubFetch({ 'POST /api/babel/text': { body: { version: 1, loc: 'zh_CN', msgstrs: zhCN } } });
    await changeLanguage('zh_CN');
    const { user, onSubmit } = renderForm([param('company', '公司', { type: 'str' }, true)]);
    await submit(user, '运行');
    expect((await screen.findAllByText('请把必须参数输入完整')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in zh_CN a bound names its number in Chinese: 最多 50, 至少 5', async () => {
    stubFetch({ 'POST /api/babel/text': { body: { version: 1, loc: 'zh_CN', msgstrs: zhCN } } });
    await changeLanguage('zh_CN');
    const { user, onSubmit } = renderForm(
      [param('top', '前 N', { type: 'int', max: 50 }), param('min', '最少', { type: 'int', min: 5 })],
      { top: 80, min: 2 },
    );
    await submit(user, '运行');
    expect(await screen.findByText('最多 50')).toBeTruthy();
    expect(screen.getByText('至少 5')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses the given submit label and shows it busy', () => {
    renderForm([param('company', 'Company', { type: 'str' })], {}, { submitLabel: 'Analyse', busy: true });
    expect(screen.getByRole('button', { name: /Analyse/ }).className).toContain('ant-btn-loading');
  });
});

describe('ParamForm panel (spec section 9)', () => {
  it('is at most 500 px high and scrolls', () => {
    renderForm(Array.from({ length: 30 }, (_, n) => param(`p${n}`, `Parameter ${n}`, { type: 'str' })));
    const panel = screen.getByRole('region', { name: 'Input parameters' });
    expect(panel.style.maxHeight).toBe('500px');
    expect(panel.style.overflowY).toBe('auto');
    // The submit button stays outside the scrolling part, always in reach.
    expect(within(panel).queryByRole('button', { name: 'Run' })).toBeNull();
  });
});
