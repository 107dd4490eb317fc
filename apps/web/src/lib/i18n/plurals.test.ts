import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { translate } from './translate';

/**
 * Plural forms as the app's i18next resolves them (issue 26, item 4): the msgid is the general
 * form, `<msgid>_one` the singular where the language has one, and the English singular is
 * written where the text is used (`defaultValue_one`), so English needs no catalogue.
 */
const SEATS = '{{count}} seats';
const seats = (count: number, lng: string) =>
  i18n.t(SEATS, { count, defaultValue_one: '{{count}} seat', lng });

beforeAll(() => {
  i18n.addResourceBundle('fr-FR', 'translation', {
    [SEATS]: '{{count}} sièges',
    [`${SEATS}_one`]: '{{count}} siège',
  });
  i18n.addResourceBundle('zh-CN', 'translation', { [SEATS]: '{{count}} 个席位' });
  i18n.addResourceBundle('zh-HK', 'translation', { [SEATS]: '{{count}} 個席位' });
});

afterAll(() => {
  for (const lng of ['fr-FR', 'zh-CN', 'zh-HK']) i18n.removeResourceBundle(lng, 'translation');
});

describe('a count picks its plural form in every language', () => {
  it('English: 1 is singular, from the call itself; 0 and 2 are plural', () => {
    expect(seats(1, 'en-US')).toBe('1 seat');
    expect(seats(0, 'en-US')).toBe('0 seats');
    expect(seats(2, 'en-US')).toBe('2 seats');
  });

  it('French: 0 and 1 are singular (the catalogue’s _one form); a million falls back to the msgid’s form', () => {
    expect(seats(0, 'fr-FR')).toBe('0 siège');
    expect(seats(1, 'fr-FR')).toBe('1 siège');
    expect(seats(2, 'fr-FR')).toBe('2 sièges');
    expect(seats(1_000_000, 'fr-FR')).toBe('1\u202f000\u202f000 sièges');
  });

  it('Chinese: one form for every count', () => {
    expect(seats(1, 'zh-CN')).toBe('1 个席位');
    expect(seats(2, 'zh-CN')).toBe('2 个席位');
    expect(seats(1, 'zh-HK')).toBe('1 個席位');
  });

  it('{{count}} is written as a count in the language (grouped), or abbreviated when asked', () => {
    expect(seats(2000, 'en-US')).toBe('2,000 seats');
    expect(seats(2000, 'fr-FR')).toBe('2\u202f000 sièges');
    expect(i18n.t('{{count}} credits', { count: 2000, compact: true, lng: 'en-US' })).toBe('2K credits');
    // Only `count`: any other number is passed already formatted.
    expect(i18n.t('Order {{order}}', { order: 20240101, lng: 'en-US' })).toBe('Order 20240101');
  });

  it('outside React (`translate`) the same forms are chosen', () => {
    expect(translate(SEATS, { count: 1, defaultValue_one: '{{count}} seat' })).toBe('1 seat');
    expect(translate(SEATS, { count: 2500, defaultValue_one: '{{count}} seat' })).toBe('2,500 seats');
  });
});

describe('a missing plural text is reported by its msgid', () => {
  it('never by a _one or _other key', async () => {
    const handler = vi.fn();
    const original = i18n.options.missingKeyHandler;
    i18n.options.missingKeyHandler = handler;
    try {
      i18n.t('{{count}} lanterns', { count: 1, defaultValue_one: '{{count}} lantern', lng: 'fr-FR' });
      i18n.t('{{count}} lanterns', { count: 5, lng: 'fr-FR' });
    } finally {
      i18n.options.missingKeyHandler = original;
    }
    expect(handler.mock.calls.map((call) => call[2])).toEqual(['{{count}} lanterns', '{{count}} lanterns']);
  });
});
