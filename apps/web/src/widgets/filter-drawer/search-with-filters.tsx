import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Input } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { filterCount } from './filter-count';
import { changedFilterValues, defaultFilterValue, effectiveFilterValues } from './filter-defaults';
import { FilterFieldControl } from './filter-field-control';
import type { FilterConfig, FilterValues } from './filter-types';
import { presetMonth } from './preset-month';
import './search-with-filters.css';

/** Typing searches on its own after this pause; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchWithFiltersProps {
  /** The search in force (from the list state). */
  q?: string;
  onSearch: (q: string) => void;
  config: FilterConfig;
  /** The filters in force; `onChange` gives only those that differ from their defaults. */
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  placeholder?: string;
}

/**
 * A search box beside a filter button with the count of active filters (spec section 2 "Filter
 * drawer beside a search box", section 4). The drawer edits a draft; Apply hands it over, Reset
 * goes back to the defaults at once.
 */
export function SearchWithFilters({
  q,
  onSearch,
  config,
  values,
  onChange,
  placeholder,
}: SearchWithFiltersProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterValues>({});
  const fields = Object.entries(config).filter(([, field]) => field.type !== 'submit');
  const submit = Object.values(config).find((field) => field.type === 'submit');
  const count = filterCount(config, values);
  const preset = useMemo(() => presetMonth(new URLSearchParams(search)), [search]);

  const [text, setText] = useState(q ?? '');
  // What this box last searched for: a `q` that differs came from elsewhere (back button, link).
  const sent = useRef(q ?? '');
  useEffect(() => {
    if ((q ?? '') !== sent.current) {
      sent.current = q ?? '';
      setText(q ?? '');
    }
  }, [q]);

  const runSearch = (value: string) => {
    const next = value.trim();
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next);
  };

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const typeText = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => runSearch(value), SEARCH_DEBOUNCE_MS);
  };
  const searchNow = (value: string) => {
    clearTimeout(timer.current);
    runSearch(value);
  };

  const openDrawer = () => {
    setDraft(effectiveFilterValues(config, values));
    setOpen(true);
  };
  const apply = () => {
    onChange(changedFilterValues(config, draft));
    setOpen(false);
  };
  const reset = () => {
    setDraft(effectiveFilterValues(config, {}));
    onChange({});
  };

  return (
    <div className="search-with-filters">
      <Input.Search
        className="search-with-filters__search"
        aria-label={placeholder ?? t('Search')}
        placeholder={placeholder ?? t('Search')}
        allowClear
        value={text}
        onChange={(event) => typeText(event.target.value)}
        onSearch={searchNow}
      />
      {fields.length > 0 ? (
        <Badge count={count} size="small">
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-label={count > 0 ? t('Filters, {{number}} active', { number: count }) : t('Filters')}
            onClick={openDrawer}
          >
            {t('Filters')}
          </Button>
        </Badge>
      ) : null}
      <Drawer
        title={t('Filters')}
        open={open}
        onClose={() => setOpen(false)}
        size="min(380px, 100vw)"
        destroyOnHidden
        footer={
          <div className="filter-drawer__footer">
            <Button onClick={reset}>{t('Reset')}</Button>
            <Button type="primary" onClick={apply}>
              {submit?.alias || t('Apply')}
            </Button>
          </div>
        }
      >
        {fields.map(([name, field]) => (
          <fieldset key={name} className="filter-field">
            <legend>{field.alias}</legend>
            <FilterFieldControl
              field={field}
              value={draft[name] ?? defaultFilterValue(field)}
              onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
              preset={preset}
            />
          </fieldset>
        ))}
      </Drawer>
    </div>
  );
}
