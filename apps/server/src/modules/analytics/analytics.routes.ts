import {
  deleteDataset,
  getDataset,
  importDataset,
  listDatasets,
  previewDataset,
} from '@app/contract/analytics/datasets';
import { exportQueryResult } from '@app/contract/analytics/export';
import { getQueryResult, runAnalyticsQuery } from '@app/contract/analytics/query';
import { listAnalyticsSources } from '@app/contract/analytics/sources';
import { lookupDimensionValues } from '@app/contract/analytics/values';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { demoReady, getKeptResult, listSources, lookupDimension, queryAnalytics } from './analytics.service';
import * as datasets from './datasets.service';
import { exportResult } from './export-result';

/** The analytics store and its query model: what the chat, analysis and AI tables answer from. */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  register(app, platform) {
    // The demo follows the calendar: each night it gains yesterday and drops its oldest day.
    platform.jobs.define({
      name: 'analytics.demo',
      cron: '10 0 * * *',
      run: async () => {
        await demoReady(platform);
      },
    });
    // Shared stores (issue 29): versions superseded past the grace period go, with their objects.
    platform.jobs.define({
      name: 'analytics.versions_sweep',
      cron: '*/15 * * * *',
      run: async () => {
        await platform.analytics.sweep();
      },
    });
    platform.jobs.define<{ datasetId: string; mode: 'create' | 'replace' | 'append' }>({
      name: datasets.DATASET_IMPORT_JOB,
      // The job records a failure on the dataset itself; a retry would import the same bytes again.
      retryLimit: 0,
      run: async ({ data }) => datasets.runDatasetImport(platform, data.datasetId, data.mode),
    });
    const route = routesFor(app, platform.registry);
    route(runAnalyticsQuery, ({ ctx, body }) => queryAnalytics(platform, ctx, body));
    route(getQueryResult, ({ ctx, params }) => getKeptResult(platform, ctx, params.id));
    route(exportQueryResult, ({ ctx, params, body }) => exportResult(platform, ctx, params.id, body));
    route(listAnalyticsSources, ({ ctx }) => listSources(platform, ctx));
    route(lookupDimensionValues, ({ ctx, body }) => lookupDimension(platform, ctx, body));
    route(previewDataset, ({ ctx, body }) => datasets.previewDataset(platform, ctx, body.file_id));
    route(importDataset, ({ ctx, body }) => datasets.importDataset(platform, ctx, body));
    route(listDatasets, ({ ctx }) => datasets.listDatasets(platform, ctx));
    route(getDataset, ({ ctx, params }) => datasets.getDataset(platform, ctx, params.id));
    route(deleteDataset, ({ ctx, params }) => datasets.deleteDataset(platform, ctx, params.id));
  },
};
