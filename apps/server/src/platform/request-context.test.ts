import { describe, expect, it } from 'vitest';
import { bearerToken, normalizeLocale, parseTzOffset, pickLocale } from './request-context';

describe('request context parsing', () => {
  it('x-tz-offset is hours east of UTC and may be fractional', () => {
    expect(parseTzOffset('8')).toBe(8);
    expect(parseTzOffset('-5.5')).toBe(-5.5);
    expect(parseTzOffset('5.75')).toBe(5.75);
  });

  it('a missing or impossible x-tz-offset counts as UTC', () => {
    expect(parseTzOffset(undefined)).toBe(0);
    expect(parseTzOffset('abc')).toBe(0);
    expect(parseTzOffset('99')).toBe(0);
  });

  it('maps language tags onto the four product languages', () => {
    expect(normalizeLocale('zh-CN')).toBe('zh_CN');
    expect(normalizeLocale('zh_cn')).toBe('zh_CN');
    expect(normalizeLocale('zh-TW')).toBe('zh_HK');
    expect(normalizeLocale('zh-HK')).toBe('zh_HK');
    expect(normalizeLocale('fr')).toBe('fr_FR');
    expect(normalizeLocale('en-GB;q=0.8')).toBe('en_US');
    expect(normalizeLocale('de-DE')).toBeUndefined();
  });

  it('the language cookie wins over Accept-Language, which wins over the default', () => {
    expect(pickLocale({ app_lang: 'fr_FR' }, 'zh-CN', 'en_US')).toBe('fr_FR');
    expect(pickLocale({}, 'de-DE,zh-CN;q=0.8', 'en_US')).toBe('zh_CN');
    expect(pickLocale({}, undefined, 'zh_CN')).toBe('zh_CN');
  });

  it('reads only Bearer authorization', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
  });
});
