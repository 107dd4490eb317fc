import { quickRange } from '@app/contract/analytics/date-ranges';
import { describe, expect, it } from 'vitest';
import { numberOf, readTime } from './read-time';

/** A Friday: weeks run Monday to Sunday, so "this week" began on 23 November. */
const TODAY = '2026-11-27';

const read = (question: string) => {
  const { range, compare } = readTime(question, TODAY);
  return { range, compare };
};

describe('the offline analyst reads time in English and Chinese', () => {
  it.each([
    ['sessions today', 'today'],
    ['今天的会话数', 'today'],
    ['clicks yesterday', 'yesterday'],
    ['昨日点击', 'yesterday'],
    ['sessions in the last 7 days', 'last_7_days'],
    ['最近7天的会话', 'last_7_days'],
    ['近30天转化', 'last_30_days'],
    ['过去三十天', 'last_30_days'],
    ['past 45 days revenue', 'last_45_days'],
    ['last 2 weeks', 'last_14_days'],
    ['过去一周的用户', 'last_7_days'],
    ['last week', 'last_week'],
    ['上周的流量', 'last_week'],
    ['上個星期', 'last_week'],
    ['this month so far', 'this_month_so_far'],
    ['本月至今的收入', 'this_month_so_far'],
    ['month to date', 'this_month_so_far'],
    ['last month by channel', 'last_month'],
    ['上个月各渠道', 'last_month'],
    ['this quarter', 'this_quarter_so_far'],
    ['上季度', 'last_quarter'],
    ['year to date', 'this_year_to_date'],
    ['今年至今', 'this_year_to_date'],
    ['last year', 'last_calendar_year'],
    ['去年的会话', 'last_calendar_year'],
  ])('%s → %s', (question, range) => {
    expect(read(question).range).toBe(range);
  });

  it.each([
    ['sessions this week', { start: '2026-11-23', end: '2026-11-27' }],
    ['本周', { start: '2026-11-23', end: '2026-11-27' }],
    ['sessions in March', { start: '2026-03-01', end: '2026-03-31' }],
    ['3月的点击', { start: '2026-03-01', end: '2026-03-31' }],
    ['三月份', { start: '2026-03-01', end: '2026-03-31' }],
    ['March 2025', { start: '2025-03-01', end: '2025-03-31' }],
    ['2025年3月', { start: '2025-03-01', end: '2025-03-31' }],
    // December has not begun this year: the last December is last year's.
    ['December revenue', { start: '2025-12-01', end: '2025-12-31' }],
    // The current month runs to today.
    ['November', { start: '2026-11-01', end: '2026-11-27' }],
    ['from 2026-03-01 to 2026-03-15', { start: '2026-03-01', end: '2026-03-15' }],
    ['between 2026/3/1 and 2026/3/15', { start: '2026-03-01', end: '2026-03-15' }],
    ['2026年3月1日至2026年3月15日', { start: '2026-03-01', end: '2026-03-15' }],
    ['3月1日到3月15日的会话', { start: '2026-03-01', end: '2026-03-15' }],
    ['on 2026-02-28', { start: '2026-02-28', end: '2026-02-28' }],
    ['in 2025', { start: '2025-01-01', end: '2025-12-31' }],
    ['2025年的收入', { start: '2025-01-01', end: '2025-12-31' }],
    // Whole months before this one.
    ['last 3 months', { start: '2026-08-01', end: '2026-10-31' }],
    ['最近三个月', { start: '2026-08-01', end: '2026-10-31' }],
  ])('%s → explicit dates', (question, range) => {
    expect(read(question).range).toEqual(range);
  });

  it.each([
    ['sessions last 30 days vs last year', 'last_30_days', 'yoy'],
    ['last month year over year', 'last_month', 'yoy'],
    ['最近7天同比', 'last_7_days', 'yoy'],
    ['上个月与去年同期相比', 'last_month', 'yoy'],
    ['last month vs the previous month', 'last_month', 'mom'],
    ['this month MoM', 'this_month_so_far', 'mom'],
    ['上个月环比', 'last_month', 'mom'],
    ['最近7天环比', 'last_7_days', 'preceding'],
    ['last 7 days vs the previous period', 'last_7_days', 'preceding'],
    ['最近30天较上一周期', 'last_30_days', 'preceding'],
    ['last week vs the week before', 'last_week', 'preceding'],
  ])('%s → %s compared %s', (question, range, compare) => {
    expect(read(question)).toEqual({ range, compare });
  });

  it('a second range said after "vs" is the comparison', () => {
    expect(read('March 2026 vs February 2026')).toEqual({
      range: { start: '2026-03-01', end: '2026-03-31' },
      compare: { start: '2026-02-01', end: '2026-02-28' },
    });
    expect(read('3月对比2月')).toEqual({
      range: { start: '2026-03-01', end: '2026-03-31' },
      compare: { start: '2026-02-01', end: '2026-02-28' },
    });
  });

  it('says nothing where the question says nothing, and refuses what is no date', () => {
    expect(read('sessions by channel')).toEqual({ range: null, compare: null });
    expect(read('what may I ask?').range).toBeNull();
    expect(read('from 2026-02-30 to 2026-03-02').range).not.toEqual({
      start: '2026-02-30',
      end: '2026-03-02',
    });
    expect(read('last 900 days').range).toBeNull();
  });

  it('the spans cover what was read, so the rest can be read for fields', () => {
    const question = '最近7天各渠道的会话同比';
    const { spans } = readTime(question, TODAY);
    const rest = [...question]
      .map((char, i) => (spans.some(([s, e]) => i >= s && i < e) ? '' : char))
      .join('');
    expect(rest).toBe('各渠道的会话');
  });

  it('a quick range it answers is a range the query model resolves', () => {
    expect(quickRange('last_45_days', TODAY)).toEqual({ start: '2026-10-13', end: '2026-11-26' });
  });

  it('reads Chinese numerals', () => {
    expect([
      numberOf('七'),
      numberOf('十五'),
      numberOf('三十'),
      numberOf('一百二十'),
      numberOf('两'),
    ]).toEqual([7, 15, 30, 120, 2]);
    expect(numberOf('abc')).toBeNull();
  });
});
