import { addDays, addMonths, type Day } from '@app/contract/analytics/date-ranges';
import {
  type CompareInput,
  type DateRangeInput,
  isCalendarDay,
  MAX_LAST_DAYS,
} from '@app/contract/analytics/query';

/**
 * The offline analyst's reading of time in a question, in English and Chinese (ARCHITECTURE
 * section 8: its own tested grammar; chrono-node misses 上个月 and 近30天 and misreads "March 2026
 * vs February"). It answers the query model's own terms: a quick range or explicit dates, and a
 * comparison mode or explicit dates, with the spans of the question that said them, so what is
 * left can be read for fields and values. Comparisons are read first: "vs last year" is a
 * comparison, not the range "last year".
 */

export interface TimeReading {
  range: DateRangeInput | null;
  compare: CompareInput | null;
  /** [start, end) of each part of the question that said a time. */
  spans: [number, number][];
}

const CN_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 7, 七, 十五, 三十, 一百二十 (to 999) as numbers; null when it is not one. */
export function numberOf(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^[零〇一二两三四五六七八九十百]+$/.test(text)) return null;
  let total = 0;
  let digit = 0;
  for (const char of text) {
    if (char === '百') {
      total += (digit || 1) * 100;
      digit = 0;
    } else if (char === '十') {
      total += (digit || 1) * 10;
      digit = 0;
    } else {
      digit = CN_DIGITS[char] ?? 0;
    }
  }
  return total + digit;
}

const NUM = '(\\d{1,3}|[零〇一二两三四五六七八九十百]{1,5})';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_NAME = `(${MONTHS.map((m) => `${m}|${m.slice(0, 3)}\\.?`).join('|')})`;

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (year: number, month: number): Day => `${year}-${pad(month)}-01`;
const monthEnd = (year: number, month: number): Day => addDays(addMonths(monthStart(year, month), 1), -1);
const weekStart = (day: Day): Day => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** A whole month; the current month runs to today, a month not yet begun means last year's. */
function wholeMonth(month: number, year: number | null, today: Day): { start: Day; end: Day } {
  const thisYear = Number(today.slice(0, 4));
  const y = year ?? (monthStart(thisYear, month) > today ? thisYear - 1 : thisYear);
  const end = monthEnd(y, month);
  return { start: monthStart(y, month), end: end > today ? today : end };
}

interface Rule {
  pattern: RegExp;
  read: (match: RegExpExecArray, today: Day) => DateRangeInput | null;
}

const lastDays = (n: number | null): DateRangeInput | null =>
  n !== null && n >= 1 && n <= MAX_LAST_DAYS ? `last_${n}_days` : null;

/** Explicit dates in the forms people type: 2026-03-01, 2026/3/1, 2026年3月1日, 3月1日. */
const DATE = '(\\d{4})[-/.年](\\d{1,2})[-/.月](\\d{1,2})日?';
const CN_MONTH_DAY = '(\\d{1,2})月(\\d{1,2})[日号]';

function day(year: number, month: number, date: number): Day | null {
  const text = `${year}-${pad(month)}-${pad(date)}`;
  return isCalendarDay(text) ? text : null;
}

const RANGE_RULES: Rule[] = [
  // Explicit ranges first: the most said, the least ambiguous.
  {
    pattern: new RegExp(
      `(?:from\\s+|between\\s+|从)?${DATE}\\s*(?:to|through|until|and|-|–|~|到|至)\\s*${DATE}`,
      'i',
    ),
    read: (m) => {
      const start = day(Number(m[1]), Number(m[2]), Number(m[3]));
      const end = day(Number(m[4]), Number(m[5]), Number(m[6]));
      return start && end && start <= end ? { start, end } : null;
    },
  },
  {
    pattern: new RegExp(
      `(?:从)?(?:(\\d{4})年)?${CN_MONTH_DAY}\\s*(?:到|至|-|~)\\s*(?:(\\d{1,2})月)?(\\d{1,2})[日号]`,
    ),
    read: (m, today) => {
      const year = m[1] ? Number(m[1]) : Number(today.slice(0, 4));
      const start = day(year, Number(m[2]), Number(m[3]));
      const end = day(year, Number(m[4] ?? m[2]), Number(m[5]));
      return start && end && start <= end ? { start, end } : null;
    },
  },
  {
    pattern: new RegExp(`(?:on\\s+)?${DATE}`, 'i'),
    read: (m) => {
      const only = day(Number(m[1]), Number(m[2]), Number(m[3]));
      return only ? { start: only, end: only } : null;
    },
  },
  { pattern: /\b(?:today)\b|今天|今日/i, read: () => 'today' },
  { pattern: /\b(?:yesterday)\b|昨天|昨日/i, read: () => 'yesterday' },
  {
    pattern: new RegExp(
      `\\b(?:last|past|previous)\\s+${NUM}\\s+days?\\b|(?:最近|近|过去|過去)${NUM}\\s*[天日]`,
      'i',
    ),
    read: (m) => lastDays(numberOf(m[1] ?? m[2] ?? '')),
  },
  {
    pattern: new RegExp(
      `\\b(?:last|past|previous)\\s+${NUM}\\s+weeks?\\b|(?:最近|近|过去|過去)${NUM}\\s*(?:周|週|个星期|個星期)`,
      'i',
    ),
    read: (m) => {
      const n = numberOf(m[1] ?? m[2] ?? '');
      return n === null ? null : lastDays(n * 7);
    },
  },
  {
    // Whole calendar months before this one: "last 3 months" in March are December to February.
    pattern: new RegExp(
      `\\b(?:last|past|previous)\\s+${NUM}\\s+months?\\b|(?:最近|近|过去|過去)${NUM}\\s*(?:个月|個月)`,
      'i',
    ),
    read: (m, today) => {
      const n = numberOf(m[1] ?? m[2] ?? '');
      if (n === null || n < 1 || n > 24) return null;
      const first = `${today.slice(0, 7)}-01`;
      return { start: addMonths(first, -n), end: addDays(first, -1) };
    },
  },
  { pattern: /\b(?:last|previous)\s+week\b|上周|上星期|上週|上个星期|上個星期/i, read: () => 'last_week' },
  {
    pattern: /\bthis\s+week\b|\bweek\s+to\s+date\b|本周|这周|這週|本週|这个星期|這個星期/i,
    read: (_m, today) => ({ start: weekStart(today), end: today }),
  },
  {
    pattern:
      /\b(?:this\s+month(?:\s+so\s+far)?|month\s+to\s+date|mtd)\b|本月(?:至今|到目前为止)?|这个月|這個月/i,
    read: () => 'this_month_so_far',
  },
  { pattern: /\b(?:last|previous)\s+month\b|上个月|上個月|上月/i, read: () => 'last_month' },
  {
    pattern: /\bthis\s+quarter(?:\s+so\s+far)?\b|\bquarter\s+to\s+date\b|本季度|这个季度|這個季度|本季/i,
    read: () => 'this_quarter_so_far',
  },
  { pattern: /\b(?:last|previous)\s+quarter\b|上个季度|上個季度|上季度|上季/i, read: () => 'last_quarter' },
  {
    pattern: /\b(?:this\s+year(?:\s+so\s+far)?|year\s+to\s+date|ytd)\b|今年(?:至今|以来|以來)?|本年/i,
    read: () => 'this_year_to_date',
  },
  { pattern: /\b(?:last|previous)\s+year\b|去年|上一年/i, read: () => 'last_calendar_year' },
  {
    pattern: new RegExp(`\\b(?:in\\s+)?${MONTH_NAME}(?:\\s+(\\d{4}))?\\b`, 'i'),
    read: (m, today) => {
      const name = (m[1] ?? '').toLowerCase().replace('.', '');
      const month = MONTHS.findIndex((full) => full === name || full.slice(0, 3) === name) + 1;
      // "may" is also a verb: only with a year, or "in May".
      if (name === 'may' && !m[2] && !/^in\s/i.test(m[0])) return null;
      return month ? wholeMonth(month, m[2] ? Number(m[2]) : null, today) : null;
    },
  },
  {
    pattern: /(?:(\d{4})年)?(\d{1,2}|[一二三四五六七八九十]{1,3})月份?(?![\d一二三四五六七八九十]*[日号])/,
    read: (m, today) => {
      const month = numberOf(m[2] ?? '');
      return month && month >= 1 && month <= 12 ? wholeMonth(month, m[1] ? Number(m[1]) : null, today) : null;
    },
  },
  {
    pattern: /\b(?:in\s+)?((?:19|20)\d{2})\b(?!\s*[-/.年])|((?:19|20)\d{2})年(?!\s*\d{1,2}\s*月)/i,
    read: (m, today) => {
      const year = Number(m[1] ?? m[2]);
      const end = `${year}-12-31` > today ? today : `${year}-12-31`;
      return `${year}-01-01` <= today ? { start: `${year}-01-01`, end } : null;
    },
  },
];

interface CompareRule {
  pattern: RegExp;
  compare: 'yoy' | 'mom' | 'preceding' | 'ring';
}

/** "环比" is the period just before: a month's is the month before (MoM), any other the same length before. */
const COMPARE_RULES: CompareRule[] = [
  {
    pattern:
      /\b(?:yoy|year[\s-]+over[\s-]+year|(?:vs\.?|versus|compared\s+(?:to|with)|against)\s+(?:the\s+)?(?:same\s+(?:period|time)\s+)?last\s+year)\b|同比|(?:与|和|跟|較|较|對比|对比)?去年同期/i,
    compare: 'yoy',
  },
  {
    pattern:
      /\b(?:mom|month[\s-]+over[\s-]+month|(?:vs\.?|versus|compared\s+(?:to|with)|against)\s+(?:the\s+)?(?:last|previous|prior)\s+month)\b/i,
    compare: 'mom',
  },
  {
    pattern:
      /\b(?:pop|period[\s-]+over[\s-]+period|(?:vs\.?|versus|compared\s+(?:to|with)|against)\s+(?:the\s+)?(?:previous|prior|preceding)\s+(?:period|\d+\s+days|week)|(?:vs\.?|versus|compared\s+(?:to|with)|against)\s+(?:the\s+)?(?:week|month)\s+before)\b|(?:较|較|与|與|和|对比|對比)上一?(?:个|個)?(?:周期|週期|时期|時期)/i,
    compare: 'preceding',
  },
  { pattern: /环比|環比/, compare: 'ring' },
];

function isWholeMonth(range: DateRangeInput | null): boolean {
  if (range === 'last_month' || range === 'this_month_so_far') return true;
  if (range === null || typeof range === 'string') return false;
  return range.start.endsWith('-01') && range.start.slice(0, 7) === range.end.slice(0, 7);
}

function overlaps(span: [number, number], spans: [number, number][]): boolean {
  return spans.some(([start, end]) => span[0] < end && start < span[1]);
}

/** What `question` says about time, as of `today` (the caller's day). */
export function readTime(question: string, today: Day): TimeReading {
  const spans: [number, number][] = [];
  let mode: CompareRule['compare'] | null = null;
  for (const rule of COMPARE_RULES) {
    const match = rule.pattern.exec(question);
    if (!match) continue;
    mode = rule.compare;
    spans.push([match.index, match.index + match[0].length]);
    break;
  }
  let range: DateRangeInput | null = null;
  for (const rule of RANGE_RULES) {
    const pattern = new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`);
    for (let match = pattern.exec(question); match; match = pattern.exec(question)) {
      const span: [number, number] = [match.index, match.index + match[0].length];
      if (overlaps(span, spans)) continue;
      const read = rule.read(match, today);
      if (read === null) continue;
      range = read;
      spans.push(span);
      break;
    }
    if (range !== null) break;
  }
  // A second explicit range said after "vs" is the comparison: "March 2026 vs February 2026".
  let compare: CompareInput | null =
    mode === 'ring' ? (isWholeMonth(range) ? 'mom' : 'preceding') : (mode as CompareInput | null);
  if (
    compare === null &&
    range !== null &&
    /\b(?:vs\.?|versus|compared\s+(?:to|with))\s|对比|對比|相比/i.test(question)
  ) {
    const rest = readTime(
      question.replace(/./gsu, (char, offset: number) =>
        overlaps([offset, offset + 1], spans) ? ' ' : char,
      ),
      today,
    );
    if (rest.range !== null && typeof rest.range !== 'string') {
      compare = rest.range;
      spans.push(...rest.spans);
    } else if (typeof rest.range === 'string') {
      compare = null;
    }
  }
  return { range, compare, spans };
}
