import { PlusOutlined } from '@ant-design/icons';
import type { FilterOptionDef } from '@app/contract/analysis/filter-options';
import type { FilterItem } from '@app/contract/list';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { emitFilterItems } from './emit-filter-items';
import { FilterBuilderRow } from './filter-builder-row';
import { createFilterRow, type FilterRow } from './filter-row';
import './filter-builder.css';

/** The list and analytics query schemas take at most this many filters. */
const MAX_FILTER_ROWS = 30;

export interface FilterBuilderProps {
  /** The fields that can be filtered, by category (spec section 3, "Filter option"). */
  options: FilterOptionDef[];
  /** The rows as edited; start with `[]` or `[createFilterRow()]`. */
  value: FilterRow[];
  onChange: (rows: FilterRow[]) => void;
  /** The rows as the API's filter items, on every change (empty rows left out). */
  onEmit?: (items: FilterItem[]) => void;
}

/**
 * The filter builder (spec section 1): rows of connector, field, operator and value, added and
 * removed freely; emitFilterItems turns them into the spec's filter items.
 */
export function FilterBuilder({ options, value, onChange, onEmit }: FilterBuilderProps) {
  const { t } = useTranslation();
  const change = (rows: FilterRow[]) => {
    onChange(rows);
    onEmit?.(emitFilterItems(rows));
  };

  return (
    <div className="filter-builder">
      {value.map((row, index) => (
        <FilterBuilderRow
          key={row.key}
          row={row}
          index={index}
          options={options}
          onChange={(next) => change(value.map((current) => (current.key === row.key ? next : current)))}
          onRemove={() => change(value.filter((current) => current.key !== row.key))}
        />
      ))}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={value.length >= MAX_FILTER_ROWS}
          onClick={() => change([...value, createFilterRow()])}
        >
          {t('Add filter')}
        </Button>
      </div>
    </div>
  );
}
