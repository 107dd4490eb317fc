import type { Platform } from '../../platform/platform';
import { creditHoldFigures } from './credit-holds.repo';

/**
 * Credits held for AI calls not yet settled, read from the database when Prometheus scrapes (so
 * every instance reports the same, whichever made the holds); `overdue` counts holds past their
 * lease, which the release job should have ended.
 */
export function watchCreditHolds(platform: Platform): void {
  platform.metrics.gauge({
    name: 'app_credit_reservations_held',
    help: 'Credit reservations held (not settled or released): how many, how many past their lease, and the credits they hold',
    labelNames: ['measure'],
    async collect() {
      // A database that cannot answer leaves the gauge empty; readiness names it.
      const figures = await creditHoldFigures(platform.db).catch(() => null);
      this.reset();
      if (!figures) return;
      this.set({ measure: 'holds' }, figures.holds);
      this.set({ measure: 'overdue' }, figures.overdue);
      this.set({ measure: 'credits' }, figures.credits);
    },
  });
}
