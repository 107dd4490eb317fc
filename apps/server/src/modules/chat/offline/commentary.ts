import type { ResultColumn } from '@app/contract/analytics/query';
import { say, type Translate } from '../../../platform/say';
import { shownValue } from '../../analytics/shown-values';
import type { FunctionRunSummary } from '../assistant/function-tools';
import { NOT_SHOWN, type ToolSummary } from '../assistant/tools';

/**
 * The offline analyst's short commentary on what its queries answered, written from the results
 * (never from the question): the figure and its range, the change against the comparison, the
 * leader and its share of an additive total, an empty result said as such, and where the figures
 * came from when they are the demo's. Every number in it is a cell of the result it describes.
 */

export interface CommentaryInput {
  results: (ToolSummary | FunctionRunSummary | { error: string })[];
  /** The range was not said: the reply says which one it used (its label). */
  defaultRange: string | null;
  /** The question asked for the smallest first. */
  ascending: boolean;
  /** BCP 47 tag the numbers are written in (`en-US`, `zh-CN`). */
  numberLocale: string;
}

function formatter(column: ResultColumn, locale: string) {
  const shown = (value: unknown) => shownValue(column, value);
  if (column.type === 'money' && column.unit && /^[A-Z]{3}$/.test(column.unit)) {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: column.unit });
    return (value: unknown) => {
      const n = shown(value);
      return typeof n === 'number' ? money.format(n) : '—';
    };
  }
  const percent = column.type === 'percent' || column.role === 'change_pct';
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: percent ? 1 : 2 });
  return (value: unknown) => {
    const n = shown(value);
    if (typeof n !== 'number') return n === null ? '—' : String(n);
    return percent ? `${plain.format(n)}%` : plain.format(n);
  };
}

function signed(text: string, value: unknown): string {
  return typeof value === 'number' && value > 0 ? `+${text}` : text;
}

/** A range as the commentary names it: "Last 30 days (2026-10-28 to 2026-11-26)", or nothing. */
function rangeText(range: ToolSummary['ranges'][number] | undefined, t: Translate): string {
  return range
    ? say(t, '{{label}} ({{start}} to {{end}})', { label: range.label, start: range.start, end: range.end })
    : '';
}

/** Additive figures have a total a row can be a share of; ratios and daily-distinct counts do not. */
const additive = (column: ResultColumn) =>
  (column.type === 'number' || column.type === 'money') && !column.unit?.includes('daily');

function describe(result: ToolSummary, input: CommentaryInput, t: Translate): string[] {
  const lines: string[] = [];
  const columns = result.columns as ResultColumn[];
  const dimensions = columns.filter((c) => c.role === 'dimension');
  const values = columns.filter((c) => c.role === 'value');
  const current = result.ranges.find((r) => r.role === 'current');
  const previous = result.ranges.find((r) => r.role === 'previous');
  const range = rangeText(current, t);
  if (result.row_count === 0) {
    lines.push(say(t, 'No data matches this question for {{range}}.', { range }));
    return lines;
  }
  const at = (key: string) => columns.find((c) => c.key === key);
  if (dimensions.length === 0) {
    const row = result.rows[0] ?? {};
    for (const column of values) {
      const format = formatter(column, input.numberLocale);
      let line = say(t, '**{{metric}}**, {{range}}: {{value}}', {
        metric: column.label,
        range,
        value: format(row[column.key]),
      });
      const before = at(`${column.key}_previous`);
      const pct = at(`${column.key}_change_pct`);
      if (before && pct && previous) {
        line += say(t, ', against {{previous}} in {{label}} ({{change}})', {
          previous: format(row[before.key]),
          label: previous.label,
          change: signed(formatter(pct, input.numberLocale)(row[pct.key]), row[pct.key]),
        });
      }
      lines.push(`${line}.`);
    }
    return lines;
  }
  const [dimension] = dimensions;
  const [metric] = values;
  if (!dimension || !metric) return lines;
  const format = formatter(metric, input.numberLocale);
  const time = dimension.type === 'date';
  lines.push(
    say(
      t,
      '**{{metric}}** by {{dimension}}, {{range}}: {{count}} rows.',
      {
        metric: metric.label,
        dimension: dimension.label.toLowerCase(),
        range,
        count: result.row_count,
        defaultValue_one: '**{{metric}}** by {{dimension}}, {{range}}: {{count}} row.',
      },
      input.numberLocale,
    ),
  );
  if (time) {
    const numbers = result.rows
      .map((row) => row[metric.key])
      .filter((v): v is number => typeof v === 'number');
    if (numbers.length > 0) {
      const high = result.rows.reduce((best, row) =>
        Number(row[metric.key] ?? Number.NEGATIVE_INFINITY) >
        Number(best[metric.key] ?? Number.NEGATIVE_INFINITY)
          ? row
          : best,
      );
      lines.push(
        say(t, 'The highest {{dimension}} was {{value}} with {{figure}}.', {
          dimension: dimension.label.toLowerCase(),
          value: String(high[dimension.key] ?? ''),
          figure: format(high[metric.key]),
        }),
      );
    }
  } else {
    const first = result.rows[0] ?? {};
    const total = result.truncated
      ? null
      : result.rows.reduce(
          (sum, row) => sum + (typeof row[metric.key] === 'number' ? (row[metric.key] as number) : 0),
          0,
        );
    const share =
      additive(metric) && total && typeof first[metric.key] === 'number' && !input.ascending
        ? say(t, ' ({{share}} of the rows shown)', {
            share: `${new Intl.NumberFormat(input.numberLocale, { maximumFractionDigits: 1 }).format(((first[metric.key] as number) / total) * 100)}%`,
          })
        : '';
    lines.push(
      say(
        t,
        input.ascending
          ? '{{value}} is lowest with {{figure}}{{share}}.'
          : '{{value}} leads with {{figure}}{{share}}.',
        {
          value: String(first[dimension.key] ?? '—'),
          figure: format(first[metric.key]),
          share,
        },
      ),
    );
    const pct = at(`${metric.key}_change_pct`);
    if (pct && previous) {
      const moves = result.rows
        .filter((row) => typeof row[pct.key] === 'number')
        .sort((a, b) => (b[pct.key] as number) - (a[pct.key] as number));
      const up = moves[0];
      const down = moves[moves.length - 1];
      const pctFormat = formatter(pct, input.numberLocale);
      if (up && down && up !== down) {
        lines.push(
          say(
            t,
            'Against {{label}}, the best change was {{up}} ({{upChange}}) and the weakest {{down}} ({{downChange}}).',
            {
              label: previous.label,
              up: String(up[dimension.key] ?? ''),
              upChange: signed(pctFormat(up[pct.key]), up[pct.key]),
              down: String(down[dimension.key] ?? ''),
              downChange: signed(pctFormat(down[pct.key]), down[pct.key]),
            },
          ),
        );
      }
    }
  }
  return lines;
}

export function writeCommentary(input: CommentaryInput, t: Translate): string {
  const paragraphs: string[] = [];
  for (const result of input.results) {
    if ('error' in result) {
      paragraphs.push(say(t, 'The query was refused: {{reason}}', { reason: result.error }));
      continue;
    }
    if (!('columns' in result)) continue;
    paragraphs.push(describe(result, input, t).join(' '));
    if (result.chart.startsWith(NOT_SHOWN)) {
      paragraphs.push(
        say(t, 'The chart was not drawn: {{reason}}', { reason: result.chart.slice(NOT_SHOWN.length) }),
      );
    }
  }
  if (input.defaultRange) {
    paragraphs.push(say(t, 'No range was named, so this covers: {{range}}.', { range: input.defaultRange }));
  }
  if (input.results.some((r) => 'demo' in r && r.demo)) {
    paragraphs.push(
      t(
        'These are demo figures: connect Google Analytics, Search Console or Google Ads under Account › Connectors to see your own.',
      ),
    );
  }
  return paragraphs.join('\n\n');
}

/**
 * What the offline analyst says around a function it ran: which one, over which range, what it
 * cost, and that the run's own summary, tables and charts follow (its figures are the run's, so
 * they are not repeated here); or why it could not run.
 */
export function writeFunctionCommentary(
  name: string,
  results: (ToolSummary | FunctionRunSummary | { error: string })[],
  t: Translate,
): string {
  return results
    .map((result) => {
      if ('error' in result)
        return say(t, 'I could not run {{name}}: {{reason}}', { name, reason: result.error });
      if (!('run_id' in result)) return '';
      const current = result.tables.flatMap((table) => table.ranges).find((r) => r.role === 'current');
      const range = rangeText(current, t);
      return range
        ? say(
            t,
            'I ran {{name}} over {{range}}, for {{count}} credits. Its summary, tables and charts follow.',
            {
              name,
              range,
              count: result.credits,
              defaultValue_one:
                'I ran {{name}} over {{range}}, for {{count}} credit. Its summary, tables and charts follow.',
            },
          )
        : say(t, 'I ran {{name}}, for {{count}} credits. Its summary, tables and charts follow.', {
            name,
            count: result.credits,
            defaultValue_one: 'I ran {{name}}, for {{count}} credit. Its summary, tables and charts follow.',
          });
    })
    .filter(Boolean)
    .join('\n\n');
}
