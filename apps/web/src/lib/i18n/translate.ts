import i18next from 'i18next';
import { formatCompactNumber, formatCount } from '../numbers';

/**
 * `t()` for code outside React (the API feedback, loaders). It reads the shared i18next instance
 * rather than importing our setup module, which would pull the API client into a cycle; before
 * set-up the English msgid is the text, as it is for any missing translation, and a `count` picks
 * the English singular (`defaultValue_one`) and is written as a count, as i18next does after.
 */
export function translate(msgid: string, values?: Record<string, string | number | boolean>): string {
  if (i18next.isInitialized) return values ? i18next.t(msgid, values) : i18next.t(msgid);
  if (!values) return msgid;
  const { count, defaultValue_one: one } = values;
  const text = count === 1 && typeof one === 'string' ? one : msgid;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (name !== 'count' || typeof value !== 'number') return String(value);
    return values.compact === true ? formatCompactNumber(value, 'en_US') : formatCount(value, 'en_US');
  });
}
