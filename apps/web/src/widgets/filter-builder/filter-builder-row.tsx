import { DeleteOutlined } from '@ant-design/icons';
import type { FilterOptionDef } from '@app/contract/analysis/filter-options';
import type { FilterOperator } from '@app/contract/list';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldChoiceGroups, findFieldOption } from './field-options';
import { type FilterConnector, type FilterRow, withField, withOperator } from './filter-row';
import { FilterValueControl } from './filter-value-control';
import { useOperatorLabels } from './operator-labels';

interface FilterBuilderRowProps {
  row: FilterRow;
  /** Its place in the list, from 0: the first row has no connector to show. */
  index: number;
  options: FilterOptionDef[];
  onChange: (row: FilterRow) => void;
  onRemove: () => void;
}

/** One condition: connector, field, operator, value, and a button to remove it. */
export function FilterBuilderRow({ row, index, options, onChange, onRemove }: FilterBuilderRowProps) {
  const { t } = useTranslation();
  const operatorLabels = useOperatorLabels();
  const option = findFieldOption(options, row.field);

  return (
    <fieldset aria-label={t('Filter {{n}}', { n: index + 1 })} className="filter-builder__row">
      {index === 0 ? (
        <span className="filter-builder__connector filter-builder__where">{t('Where')}</span>
      ) : (
        <Select<FilterConnector>
          aria-label={t('Join with the previous filter')}
          value={row.connect_pre_filter}
          options={[
            { label: t('And'), value: 'and' },
            { label: t('Or'), value: 'or' },
          ]}
          onChange={(connect) => onChange({ ...row, connect_pre_filter: connect })}
          className="filter-builder__connector"
        />
      )}
      <Select<string>
        aria-label={t('Field')}
        placeholder={t('Choose a field')}
        value={row.field ?? undefined}
        options={fieldChoiceGroups(options)}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(field) => onChange(withField(row, options, field))}
        className="filter-builder__field"
      />
      <Select<FilterOperator>
        aria-label={t('Condition')}
        placeholder={t('Condition')}
        value={row.operator ?? undefined}
        disabled={!option}
        options={(option?.operators ?? []).map((operator) => ({
          label: operatorLabels[operator],
          value: operator,
        }))}
        onChange={(operator) => onChange(withOperator(row, option, operator))}
        className="filter-builder__operator"
      />
      <FilterValueControl row={row} option={option} onChange={(value) => onChange({ ...row, value })} />
      <Button type="text" aria-label={t('Remove filter')} icon={<DeleteOutlined />} onClick={onRemove} />
    </fieldset>
  );
}
