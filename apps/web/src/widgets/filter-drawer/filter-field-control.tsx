import { Button, Checkbox, DatePicker, Radio, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toggleCheckList } from './check-list';
import { checkListChoices } from './filter-defaults';
import { isPeriodType, parsePeriod, periodFormat } from './filter-period';
import {
  ALL,
  CHECK_LIST_SEPARATOR,
  type FilterFieldConfig,
  type FilterOption,
  type FilterValue,
} from './filter-types';

/** Up to this many choices read best as radios; more become a searchable select. */
const MAX_RADIO_CHOICES = 6;
const RANGE_FORMAT = 'YYYY-MM-DD';

interface FilterFieldControlProps {
  field: FilterFieldConfig;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** From `year_month` / `month` in the URL: the month a date picker opens on. */
  preset: Dayjs | null;
}

function OptionLabel({ option }: { option: FilterOption }) {
  return (
    <span className="filter-field__option">
      {option.img_url ? <img src={option.img_url} alt="" width={16} height={16} /> : null}
      {option.name}
    </span>
  );
}

/** The config's own 'all' entry names itself; otherwise the choice is added as "All". */
function withAll(options: FilterOption[] | undefined, allLabel: string): FilterOption[] {
  const list = options ?? [];
  return list.some((option) => option.value === ALL) ? list : [{ name: allLabel, value: ALL }, ...list];
}

/** One field of the filter drawer, by type (spec section 2 "Filter drawer"). */
export function FilterFieldControl({ field, value, onChange, preset }: FilterFieldControlProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<FilterValue>) => onChange({ ...value, ...patch });

  switch (field.type) {
    case 'option': {
      const options = withAll(field.options, t('All'));
      const current = typeof value.value === 'string' && value.value !== '' ? value.value : ALL;
      if (options.length <= MAX_RADIO_CHOICES) {
        return (
          <Radio.Group
            value={current}
            onChange={(event) => set({ value: String(event.target.value) })}
            options={options.map((option) => ({
              value: option.value,
              label: <OptionLabel option={option} />,
            }))}
          />
        );
      }
      return (
        <Select<string>
          aria-label={field.alias}
          value={current}
          onChange={(next) => set({ value: next })}
          showSearch={{ optionFilterProp: 'name' }}
          options={options.map((option) => ({
            value: option.value,
            name: option.name,
            label: <OptionLabel option={option} />,
          }))}
          style={{ width: '100%' }}
        />
      );
    }
    case 'check_list': {
      const chosen = checkListChoices(value.value);
      return (
        <div className="filter-field__checks">
          {withAll(field.options, t('All')).map((option) => (
            <Checkbox
              key={option.value}
              checked={chosen.includes(option.value)}
              onChange={() =>
                set({ value: toggleCheckList(chosen, option.value).join(CHECK_LIST_SEPARATOR) })
              }
            >
              <OptionLabel option={option} />
            </Checkbox>
          ))}
        </div>
      );
    }
    case 'bool': {
      const on = field.on || t('Yes');
      const off = field.off || t('No');
      return (
        <div className="filter-field__bool">
          <Switch
            aria-label={field.alias}
            checked={value.value === true}
            checkedChildren={on}
            unCheckedChildren={off}
            onChange={(checked) => set({ value: checked })}
          />
          {/* A switch has two states; "not filtered" is the third, so it is said and undone here. */}
          {value.value === null ? (
            <Typography.Text type="secondary">{t('Not filtered')}</Typography.Text>
          ) : (
            <Button type="link" size="small" onClick={() => set({ value: null })}>
              {t('Clear')}
            </Button>
          )}
        </div>
      );
    }
    case 'range': {
      const format = field.format || RANGE_FORMAT;
      // A format with hours picks exact times; a date-only one covers whole days.
      const withTime = /[Hh]/.test(format);
      const picked: [Dayjs, Dayjs] | null =
        value.start_time !== undefined && value.end_time !== undefined
          ? [dayjs.unix(value.start_time), dayjs.unix(value.end_time)]
          : null;
      return (
        <DatePicker.RangePicker
          aria-label={field.alias}
          value={picked}
          format={format}
          showTime={withTime}
          defaultPickerValue={picked ? undefined : (preset ?? undefined)}
          style={{ width: '100%' }}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            if (!start || !end) {
              set({ value: null, start_time: undefined, end_time: undefined });
              return;
            }
            set({
              value: null,
              start_time: (withTime ? start : start.startOf('day')).unix(),
              end_time: (withTime ? end : end.endOf('day')).unix(),
            });
          }}
        />
      );
    }
    case 'submit':
      return null;
    default: {
      if (!isPeriodType(field.type)) return null;
      const type = field.type;
      const format = periodFormat(type, field.format);
      const picked = typeof value.value === 'string' ? parsePeriod(value.value, type, field.format) : null;
      return (
        <DatePicker
          aria-label={field.alias}
          picker={type === 'day' ? 'date' : type}
          format={format}
          value={picked}
          defaultPickerValue={picked ? undefined : (preset ?? undefined)}
          style={{ width: '100%' }}
          onChange={(date: Dayjs | null) => set({ value: date ? date.format(format) : null })}
        />
      );
    }
  }
}
