import {
  checkListValues,
  type InputParameter,
  PARAM_CHECK_LIST_SEPARATOR,
  PARAM_STR_MAX,
  PARAM_TEXT_MAX,
  type ParamValue,
} from '@app/contract/analysis/parameters';
import type { Day } from '@app/contract/analytics/date-ranges';
import { Checkbox, Input, InputNumber, Select, Switch } from 'antd';
import { DateRangePicker } from '../date-range-picker/date-range-picker';
import { asDateValue } from './shown-values';

export interface ParamControlProps {
  param: InputParameter;
  value: ParamValue | undefined;
  onChange: (value: ParamValue) => void;
  /** The control's id, which the field's label points at. */
  id: string;
  /** The label's id, for the controls a `<label for>` cannot name (a group of checkboxes). */
  labelId: string;
  disabled: boolean;
  invalid: boolean;
  /** Pins "today" for the date ranges (tests). */
  today?: Day;
}

const text = (value: ParamValue | undefined) => (typeof value === 'string' ? value : '');
const number = (value: ParamValue | undefined) => (typeof value === 'number' ? value : null);

/** One input parameter's control, by its spec type (spec section 3, "Input parameter definition"). */
export function ParamControl({
  param,
  value,
  onChange,
  id,
  labelId,
  disabled,
  invalid,
  today,
}: ParamControlProps) {
  const { type, placeholder, options = [], min, max, compare } = param.input_data;
  const status = invalid ? 'error' : undefined;
  const choices = options.map((option) => ({ label: option.display, value: option.value }));

  switch (type) {
    case 'str':
      return (
        <Input
          id={id}
          value={text(value)}
          placeholder={placeholder}
          maxLength={PARAM_STR_MAX}
          disabled={disabled}
          status={status}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          id={id}
          value={text(value)}
          placeholder={placeholder}
          maxLength={PARAM_TEXT_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          disabled={disabled}
          status={status}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'list':
      return (
        <Select
          id={id}
          mode="tags"
          value={Array.isArray(value) ? value : []}
          options={choices}
          placeholder={placeholder}
          // One entry per line or comma, as people paste lists.
          tokenSeparators={[',', ';', '\n']}
          disabled={disabled}
          status={status}
          onChange={(entries: string[]) => onChange(entries)}
        />
      );
    case 'bool':
      return (
        <Switch
          id={id}
          checked={value === true}
          disabled={disabled}
          onChange={(checked) => onChange(checked)}
        />
      );
    case 'int':
    case 'float':
      return (
        <InputNumber<number>
          id={id}
          value={number(value)}
          placeholder={placeholder}
          min={min}
          max={max}
          precision={type === 'int' ? 0 : undefined}
          disabled={disabled}
          status={status}
          style={{ width: '100%' }}
          onChange={(next) => onChange(next ?? null)}
        />
      );
    case 'option':
      return (
        <Select
          id={id}
          value={text(value) || undefined}
          options={choices}
          placeholder={placeholder}
          allowClear={!param.required}
          disabled={disabled}
          status={status}
          onChange={(next: string | undefined) => onChange(next ?? null)}
        />
      );
    case 'check_list':
      return (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend the form does not have.
        <div role="group" aria-labelledby={labelId}>
          <Checkbox.Group
            value={checkListValues(text(value))}
            options={choices}
            disabled={disabled}
            onChange={(chosen) => onChange(chosen.join(PARAM_CHECK_LIST_SEPARATOR))}
          />
        </div>
      );
    case 'date':
      return (
        <DateRangePicker
          id={id}
          label={param.input_data.label || param.name}
          value={asDateValue(value)}
          compare={compare === true}
          today={today}
          disabled={disabled}
          onChange={onChange}
        />
      );
  }
}
