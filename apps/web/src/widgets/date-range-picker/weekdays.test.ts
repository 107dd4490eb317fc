import { describe, expect, it } from 'vitest';
import { weekdayLabels, weekStartOf } from './weekdays';

const shortLabels = (loc: Parameters<typeof weekdayLabels>[0]) => weekdayLabels(loc).map((day) => day.short);

describe('weekday labels (spec section 9: en_US, fr_FR, zh_CN, zh_HK)', () => {
  it('en_US: the week starts on Sunday, two letters a day', () => {
    expect(weekStartOf('en_US')).toBe(0);
    expect(shortLabels('en_US')).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });

  it('fr_FR: the week starts on Monday, lun. mar. …', () => {
    expect(weekStartOf('fr_FR')).toBe(1);
    expect(shortLabels('fr_FR')).toEqual(['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']);
  });

  it('zh_CN: the week starts on Monday, 一 二 … 日', () => {
    expect(weekStartOf('zh_CN')).toBe(1);
    expect(shortLabels('zh_CN')).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  });

  it('zh_HK: the week starts on Monday, 一 二 … 日', () => {
    expect(weekStartOf('zh_HK')).toBe(1);
    expect(shortLabels('zh_HK')).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  });

  it('names each column in full for screen readers', () => {
    expect(weekdayLabels('en_US')[0]?.long).toBe('Sunday');
    expect(weekdayLabels('fr_FR')[0]?.long).toBe('lundi');
    expect(weekdayLabels('zh_CN')[6]?.long).toBe('星期日');
  });
});
