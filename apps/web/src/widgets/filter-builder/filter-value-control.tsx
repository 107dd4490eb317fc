import type { FilterOptionDef } from '@app/contract/analysis/filter-options';
import { MAX_FILTER_NUMBER } from '@app/contract/list';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterRow, FilterScalar } from './filter-row';
import { offersAll, valueShape } from './filter-row';
import { nextListChoices } from './list-choices';

/** The contract takes a filter value of at most this many characters. */
const MAX_FILTER_TEXT = 2000;

interface FilterValueControlProps {
  row: FilterRow;
  option: FilterOptionDef | undefined;
  onChange: (value: FilterRow['value']) => void;
}

interface ScalarControlProps {
  option: FilterOptionDef;
  value: FilterScalar;
  label: string;
  onChange: (value: FilterScalar) => void;
}

/** One value, entered the way the field's filter_value_type says. */
function ScalarControl({ option, value, label, onChange }: ScalarControlProps) {
  const type = option.filter_value_type;
  if (type === 'int' || type === 'float') {
    return (
      <InputNumber<number>
        aria-label={label}
        placeholder={label}
        value={typeof value === 'number' ? value : null}
        precision={type === 'int' ? 0 : undefined}
        min={-MAX_FILTER_NUMBER}
        max={MAX_FILTER_NUMBER}
        onChange={(next) => onChange(next ?? null)}
        className="filter-builder__value"
      />
    );
  }
  if (type === 'option' || type === 'check_list') {
    return (
      <Select<string>
        aria-label={label}
        placeholder={label}
        value={typeof value === 'string' ? value : undefined}
        options={(option.value ?? []).map((choice) => ({ label: choice.display, value: choice.value }))}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(next) => onChange(next)}
        className="filter-builder__value"
      />
    );
  }
  return (
    <Input
      aria-label={label}
      placeholder={label}
      value={value === null ? '' : String(value)}
      maxLength={MAX_FILTER_TEXT}
      onChange={(event) => onChange(event.target.value)}
      className="filter-builder__value"
    />
  );
}

/** Free values for 'in' and 'not_in' on fields without a list of choices: typed, each ended by Enter. */
function typedList(option: FilterOptionDef, tags: string[]): string[] {
  const numeric = option.filter_value_type === 'int' || option.filter_value_type === 'float';
  // A number field refuses what is not a number at once rather than dropping it silently later.
  return numeric ? tags.filter((tag) => tag.trim() !== '' && Number.isFinite(Number(tag))) : tags;
}

/**
 * The value part of a row: one value, a list of choices (check-lists, 'in', 'not_in') or the two
 * bounds of 'between'. Nothing until a field is chosen.
 */
export function FilterValueControl({ row, option, onChange }: FilterValueControlProps) {
  const { t } = useTranslation();
  if (!option)
    return (
      <Input className="filter-builder__value" aria-label={t('Value')} placeholder={t('Value')} disabled />
    );
  const shape = valueShape(row.type, row.operator);
  const values = Array.isArray(row.value) ? row.value : [row.value];

  if (shape === 'pair') {
    const [low = null, high = null] = values;
    return (
      <span className="filter-builder__pair">
        <ScalarControl
          option={option}
          value={low}
          label={t('Minimum')}
          onChange={(next) => onChange([next, high])}
        />
        <span aria-hidden="true">–</span>
        <ScalarControl
          option={option}
          value={high}
          label={t('Maximum')}
          onChange={(next) => onChange([low, next])}
        />
      </span>
    );
  }

  if (shape === 'list') {
    const chosen = values.filter((choice) => choice !== null).map(String);
    const choices = option.value;
    if (!choices) {
      return (
        <Select<string[]>
          mode="tags"
          open={false}
          aria-label={t('Value')}
          placeholder={t('Press Enter after each value')}
          value={chosen}
          tokenSeparators={[';']}
          onChange={(next) => onChange(typedList(option, next))}
          className="filter-builder__value"
        />
      );
    }
    return (
      <Select<string[]>
        mode="multiple"
        aria-label={t('Value')}
        placeholder={t('Value')}
        value={chosen}
        options={choices.map((choice) => ({ label: choice.display, value: choice.value }))}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(next) => onChange(nextListChoices(chosen, next, offersAll(option)))}
        className="filter-builder__value"
      />
    );
  }

  return <ScalarControl option={option} value={values[0] ?? null} label={t('Value')} onChange={onChange} />;
}
