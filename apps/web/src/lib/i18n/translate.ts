import i18next from 'i18next';

/**
 * `t()` for code outside React (the API feedback, loaders). It reads the shared i18next instance
 * rather than importing our setup module, which would pull the API client into a cycle; before
 * set-up the English msgid is the text, as it is for any missing translation.
 */
export function translate(msgid: string, values?: Record<string, string | number>): string {
  if (i18next.isInitialized) return values ? i18next.t(msgid, values) : i18next.t(msgid);
  return values
    ? msgid.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole))
    : msgid;
}
