import type { Platform } from '../../platform/platform';
import { syncLagByTeam } from './sync-lag.repo';

/** Teams named in the per-team gauge: the most behind, so the label set stays small. */
export const LAGGING_TEAMS_SHOWN = 20;

/**
 * How far behind each team's data is, computed from the database when Prometheus scrapes: only
 * the LAGGING_TEAMS_SHOWN most behind are labelled by team; the worst of all and the count of
 * teams carry the rest.
 */
export function watchSyncLag(platform: Platform): void {
  // A database that cannot answer leaves the gauges empty; readiness names it.
  const rows = () => syncLagByTeam(platform.db).catch(() => []);
  platform.metrics.gauge({
    name: 'app_sync_lag_seconds',
    help: `Seconds since a team's stalest connector binding last synced, for the ${LAGGING_TEAMS_SHOWN} teams most behind`,
    labelNames: ['team'],
    async collect() {
      const teams = await rows();
      this.reset();
      for (const row of teams.slice(0, LAGGING_TEAMS_SHOWN)) this.set({ team: row.teamId }, row.lag);
    },
  });
  platform.metrics.gauge({
    name: 'app_sync_lag_summary',
    help: 'Sync lag over every team with a selected binding: the worst (seconds) and how many teams',
    labelNames: ['measure'],
    async collect() {
      const teams = await rows();
      this.reset();
      this.set({ measure: 'max_seconds' }, teams[0]?.lag ?? 0);
      this.set({ measure: 'teams' }, teams.length);
    },
  });
}
