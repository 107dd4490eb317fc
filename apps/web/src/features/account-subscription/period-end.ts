import { DATE_FORMATS, formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { MySubscription } from './subscription-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/**
 * What happens when the current period ends (ARCHITECTURE section 6): the free plan renews
 * itself; a scheduled downgrade takes over; otherwise a paid plan falls back to free. Granted
 * credits expire at period end in every case; purchased ones stay.
 */
export function periodEndText({ subscription, scheduled }: MySubscription, t: Translate): string {
  const date = formatDate(subscription.period_end, DATE_FORMATS.date);
  if (subscription.is_default_plan) {
    return t('On {{date}} the free plan renews by itself with a new grant of credits.', { date });
  }
  if (scheduled) {
    return t('On {{date}} your team moves to {{plan}}, as you chose.', {
      date,
      plan: planNameLabel(scheduled.plan_name, t),
    });
  }
  return t('On {{date}} {{plan}} ends and your team returns to the free plan, unless you renew before.', {
    date,
    plan: planNameLabel(subscription.plan_name, t),
  });
}
