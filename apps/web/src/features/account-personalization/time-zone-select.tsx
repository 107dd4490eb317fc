import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, timeZoneOptions } from './time-zones';

// Not a zone name (those never start with _), so it cannot collide with a real choice.
const FOLLOW_BROWSER = '__browser__';

interface TimeZoneSelectProps {
  id?: string;
  /** null follows the browser, as the server stores it. */
  value?: string | null;
  onChange?: (zone: string | null) => void;
}

/** A searchable list of IANA zones, led by "follow the browser" (saved as null). */
export function TimeZoneSelect({ id, value = null, onChange }: TimeZoneSelectProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const zones = timeZoneOptions();
    // A saved zone this browser's list lacks (older Intl data) must still show as chosen.
    const known = value === null || zones.some((zone) => zone.value === value);
    return [
      {
        value: FOLLOW_BROWSER,
        label: t('Follow the browser ({{zone}})', { zone: browserTimeZone() }),
        search: `${t('Follow the browser')} ${browserTimeZone()}`,
      },
      ...(known ? [] : [{ value: value ?? '', label: value ?? '', search: value ?? '' }]),
      ...zones,
    ];
  }, [t, value]);

  return (
    <Select
      id={id}
      value={value ?? FOLLOW_BROWSER}
      onChange={(chosen: string) => onChange?.(chosen === FOLLOW_BROWSER ? null : chosen)}
      options={options}
      showSearch={{ optionFilterProp: 'search' }}
      style={{ width: '100%', maxWidth: 420 }}
    />
  );
}
