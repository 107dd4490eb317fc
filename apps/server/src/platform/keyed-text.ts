import { seededText } from '@app/contract/i18n/seeded-texts';
import { say } from './say';

/**
 * A parameter of a keyed text: a name, a number or a date shown as it is; `{ msgid }` a product
 * text translated when read; `{ seeded }` a plan's or role's name, translated while it is still
 * the product's own (an admin's own name reads as written).
 */
export type TextParam = string | number | { msgid: string } | { seeded: string };
export type TextParams = Record<string, TextParam>;

/**
 * A text the server writes now for someone who reads it later (an inbox message): the catalogue's
 * msgid with its `{{name}}` parameters, kept as such and rendered in the reader's language each
 * time it is read. A plain string is somebody's own words (what an admin typed) and reads as written.
 */
export type KeyedText = string | { msgid: string; params?: TextParams };

export function sayParam(t: (msgid: string) => string, param: TextParam): string | number {
  if (typeof param !== 'object') return param;
  return 'msgid' in param ? t(param.msgid) : seededText(param.seeded, t);
}

/** The text in the language of `t`. */
export function sayKeyed(t: (msgid: string) => string, text: KeyedText): string {
  if (typeof text === 'string') return text;
  const values: Record<string, string | number> = {};
  for (const [name, param] of Object.entries(text.params ?? {})) values[name] = sayParam(t, param);
  return say(t, text.msgid, values);
}

/** The key and parameters to store for a text; both null for somebody's own words. */
export function keyOf(text: KeyedText): { key: string | null; params: TextParams | null } {
  return typeof text === 'string'
    ? { key: null, params: null }
    : { key: text.msgid, params: text.params ?? null };
}

/** A stored text as the reader reads it: its key rendered in their language, else the text as sent. */
export function sayStored(
  t: (msgid: string) => string,
  key: string | null,
  params: TextParams | null,
  asSent: string,
): string {
  return key === null ? asSent : sayKeyed(t, { msgid: key, params: params ?? {} });
}
