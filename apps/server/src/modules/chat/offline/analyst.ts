import { RANGE_LABELS, todayAt } from '@app/contract/analytics/date-ranges';
import type { SourceRef } from '@app/contract/analytics/query';
import type { SignedInContext } from '../../../platform/endpoint';
import type { Platform } from '../../../platform/platform';
import { say } from '../../../platform/say';
import { lookupDimension } from '../../analytics/analytics.service';
import { readyDatasetDef } from '../../analytics/datasets.service';
import type { SourceDef } from '../../analytics/sources';
import type { OfferedFunction } from '../assistant/function-tools';
import { writeCommentary, writeFunctionCommentary } from './commentary';
import type { OfflineAnalyst } from './offline-model';
import { type Plan, planQuestion } from './plan-question';

/** The demo's own brand, for "excluding brand" over the demo's queries. */
const DEMO_BRAND = 'demo store';

/**
 * The offline analyst for one message: the question read against this team's catalogue (the
 * picked dataset's columns, the stored values the lookup finds, the brand profile's name) and its
 * words written in the reply's language.
 */
export async function offlineAnalyst(
  platform: Platform,
  ctx: SignedInContext,
  reply: {
    t: (msgid: string) => string;
    numberLocale: string;
    brandName: string;
    picked: SourceRef | null;
    /** The team's functions offered as tools, which a question may ask for. */
    functions: OfferedFunction[];
  },
): Promise<OfflineAnalyst> {
  const { t } = reply;
  const dataset: SourceDef | null = reply.picked?.startsWith('dataset:')
    ? await readyDatasetDef(platform, ctx.team.id, reply.picked)
    : null;
  const brandTerms = [reply.brandName.trim().toLowerCase() || DEMO_BRAND];

  const lookup = async (source: SourceRef, dimension: string, text: string) => {
    const found = await lookupDimension(platform, ctx, {
      source,
      dimension,
      date_range: 'last_365_days',
      q: text,
      match: 'prefix',
      limit: 5,
    });
    const wanted = text.toLowerCase();
    const exact = found.items.find((item) => item.value.toLowerCase() === wanted);
    return exact?.value ?? found.items[0]?.value ?? null;
  };

  const refusal = (plan: Extract<Plan, { kind: 'refuse' }>) => {
    if (plan.reason === 'unknown_value') {
      return say(
        t,
        'I found no {{value}} in the data, so I cannot filter by it. Ask without it, or name a value the data holds.',
        {
          value: plan.detail ?? '',
        },
      );
    }
    const unread =
      plan.reading.unread.length > 0
        ? say(t, ' (I did not understand: {{words}})', { words: plan.reading.unread.join(', ') })
        : '';
    return [
      say(t, 'I could not tell which figure you want{{unread}}, and I do not guess one.', { unread }),
      t(
        'I can answer about sessions, users, new users, engagement, bounce rate, conversions, conversion rate and revenue (Google Analytics); clicks, impressions, CTR and average position (Search Console); cost, clicks, conversions, CPC, cost per conversion and ROAS (Google Ads); by channel, country, device, landing page, query, campaign or over time, for any range, compared with the previous period or last year.',
      ),
      t(
        'For example: "sessions by channel, last 30 days vs the preceding period" or "上个月各设备的转化率同比".',
      ),
    ].join('\n\n');
  };

  return {
    paceMs: platform.config.OFFLINE_STREAM_PACE_MS,
    plan: (question, earlier) =>
      planQuestion(question, {
        today: todayAt(ctx.tzOffsetHours),
        earlier,
        picked: reply.picked,
        dataset,
        brandTerms,
        lookup,
        functions: reply.functions,
      }),
    refusal,
    comment: (results, plan) =>
      plan?.kind === 'function'
        ? writeFunctionCommentary(plan.name, results, t)
        : writeCommentary(
            {
              results,
              defaultRange:
                plan?.kind === 'query' && plan.defaultRange ? t(RANGE_LABELS[plan.defaultRange]) : null,
              ascending: plan?.kind === 'query' && plan.reading.top?.direction === 'asc',
              numberLocale: reply.numberLocale,
            },
            t,
          ),
  };
}
