import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PERIOD_FORMATS, parsePeriodValue } from './period-format';

export interface SingleDatePickerProps {
  /** 'YYYY-MM-DD'. */
  value?: string | null;
  onChange: (value: string | null) => void;
  /** The earliest and latest day offered ('YYYY-MM-DD', both included). */
  min?: string;
  max?: string;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}

const DAY = PERIOD_FORMATS.day;

/** The single date picker of spec section 1: one day in and out as 'YYYY-MM-DD'. */
export function SingleDatePicker({
  value,
  onChange,
  min,
  max,
  disabled,
  id,
  placeholder,
  'aria-label': ariaLabel,
}: SingleDatePickerProps) {
  const { t } = useTranslation();
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel ?? t('Choose a day')}
      format={DAY}
      value={parsePeriodValue(value, 'day')}
      placeholder={placeholder}
      disabled={disabled}
      // Days compare as text: 'YYYY-MM-DD' sorts as the calendar does.
      disabledDate={(date: Dayjs) => {
        const day = date.format(DAY);
        return (min !== undefined && day < min) || (max !== undefined && day > max);
      }}
      onChange={(date: Dayjs | null) => onChange(date ? date.format(DAY) : null)}
    />
  );
}
