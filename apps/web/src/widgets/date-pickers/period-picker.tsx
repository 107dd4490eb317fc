import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { presetMonth } from '../filter-drawer/preset-month';
import { PERIOD_FORMATS, type PeriodGranularity, parsePeriodValue } from './period-format';

export interface PeriodPickerProps {
  granularity: PeriodGranularity;
  /** In the granularity's format: 'YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DD HH'. */
  value?: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * The month / day / hour picker of spec section 1, giving its value in spec section 9's formats.
 * The URL's month (`year_month` or `month`, YYYYMM, spec section 2) presets it: a month picker
 * with no value takes that month as its value (given once through onChange, so the form holds
 * it), and a day or hour picker opens on that month, so a link to a month's report starts where
 * the reader expects. A value already chosen wins.
 */
export function PeriodPicker({
  granularity,
  value,
  onChange,
  disabled,
  id,
  placeholder,
  'aria-label': ariaLabel,
}: PeriodPickerProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const preset = useMemo(() => presetMonth(new URLSearchParams(search)), [search]);
  const format = PERIOD_FORMATS[granularity];
  const picked = parsePeriodValue(value, granularity);
  const presetGiven = useRef(false);
  useEffect(() => {
    if (presetGiven.current || granularity !== 'month' || !preset || (value ?? '') !== '') return;
    presetGiven.current = true;
    onChange(preset.format(format));
  }, [granularity, preset, value, format, onChange]);
  const names: Record<PeriodGranularity, string> = {
    month: t('Choose a month'),
    day: t('Choose a day'),
    hour: t('Choose an hour'),
  };

  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel ?? names[granularity]}
      picker={granularity === 'month' ? 'month' : 'date'}
      showTime={granularity === 'hour' ? { format: 'HH' } : false}
      format={format}
      value={picked}
      defaultPickerValue={picked ? undefined : (preset ?? undefined)}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(date: Dayjs | null) => onChange(date ? date.format(format) : null)}
    />
  );
}
