import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customPageSize, pageSizeChoices } from './page-size';

interface PageSizeSelectProps {
  pageSize: number;
  onChange: (pageSize: number) => void;
}

/**
 * The size choices, searchable: typing a number offers exactly that size (normalised), so Enter
 * picks it; antd's own size changer only filters its fixed list.
 */
export function PageSizeSelect({ pageSize, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = customPageSize(search);
  const sizes = typed === null ? pageSizeChoices(pageSize) : [typed];
  const options = sizes.map((size) => ({ value: size, label: t('{{size}} / page', { size }) }));

  return (
    <Select<number>
      className="paginator__size"
      size="small"
      aria-label={t('Page size')}
      value={pageSize}
      options={options}
      popupMatchSelectWidth={false}
      showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
      onChange={(size) => {
        setSearch('');
        onChange(size);
      }}
      onBlur={() => setSearch('')}
    />
  );
}
