/**
 * A msgid in a language: with a `count`, the plural form that count takes there (the request's
 * `ctx.t`, `Translator.translate`).
 */
export type Translate = (msgid: string, count?: number) => string;

/**
 * A msgid in the request's language with its `{{name}}` places filled; an unknown place stays as
 * written. A number `count` picks the plural form, as i18next does on the web: the catalogue's
 * `<msgid>_one` where the language says the count is singular, else the msgid's text; and an
 * untranslated msgid is English, whose singular the caller writes beside it (`defaultValue_one`).
 */
export function say(
  t: Translate,
  msgid: string,
  values: Record<string, string | number> = {},
  numberLocale?: string,
): string {
  const count = typeof values.count === 'number' ? values.count : undefined;
  const said = t(msgid, count);
  const one = values.defaultValue_one;
  const text = said === msgid && count === 1 && typeof one === 'string' ? one : said;
  // With the reader's number locale, the count reads as the web writes it (2,000; 2 000 in French).
  const shown = (name: string) =>
    name === 'count' && count !== undefined && numberLocale
      ? new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }).format(count)
      : String(values[name]);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? shown(name) : whole));
}
