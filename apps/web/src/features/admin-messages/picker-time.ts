import dayjs, { type Dayjs } from 'dayjs';
import { getDatePreferences } from '../../lib/format';

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

/**
 * Date pickers work in the browser's clock, while lists show times in the user's chosen time zone
 * (account personalization). These carry the wall-clock time across, so what the admin picks is
 * what the list shows afterwards.
 */
export function secondsToPicker(seconds: number, zone: string | null = getDatePreferences().timezone): Dayjs {
  const instant = dayjs.unix(seconds);
  if (!zone) return instant;
  try {
    return dayjs(instant.tz(zone).format(WALL_CLOCK));
  } catch {
    return instant;
  }
}

export function pickerToSeconds(picked: Dayjs, zone: string | null = getDatePreferences().timezone): number {
  if (!zone) return picked.unix();
  try {
    return dayjs.tz(picked.format(WALL_CLOCK), zone).unix();
  } catch {
    return picked.unix();
  }
}
