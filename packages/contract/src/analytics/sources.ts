import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zColumnType, zFreshness } from './query';

export const zCatalogueField = z.object({
  key: z.string(),
  label: z.string(),
  type: zColumnType,
  unit: z.string().nullable(),
});
export type CatalogueField = z.infer<typeof zCatalogueField>;

/** One source a team can query: the demo's or its own, with what can be asked of it. */
export const zAnalyticsSource = z.object({
  source: z.string(),
  origin: z.enum(['demo', 'team']),
  label: z.string(),
  metrics: z.array(zCatalogueField),
  dimensions: z.array(zCatalogueField),
  freshness: z.array(zFreshness),
});
export type AnalyticsSource = z.infer<typeof zAnalyticsSource>;

export const listAnalyticsSources = defineEndpoint({
  method: 'GET',
  path: '/api/analytics/sources',
  permission: 'signed_in',
  openApi: { scope: 'team.analytics.read' },
  summary: 'The sources the current team can query (its own and the demo), with their metrics and dimensions',
  tags: ['analytics'],
  response: z.object({ items: z.array(zAnalyticsSource) }),
});
