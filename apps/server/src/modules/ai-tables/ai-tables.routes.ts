import {
  addAiColumn,
  controlAiColumnRun,
  createAiTable,
  deleteAiTable,
  editAiCell,
  exportAiTable,
  getAiTable,
  listAiModels,
  listAiTables,
  runAiColumn,
  updateAiColumn,
} from '@app/contract/ai-tables/tables';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as tables from './ai-tables.service';
import { defineColumnRunJobs } from './column-runs';

/** AI tables (issue 25): tables, AI columns and the jobs that fill them. */
export const aiTablesModule: ServerModule = {
  name: 'ai-tables',
  register(app, platform) {
    defineColumnRunJobs(platform);
    const route = routesFor(app, platform.registry);
    route(listAiTables, ({ ctx }) => tables.listTables(platform, ctx));
    route(listAiModels, () => tables.listModels(platform));
    route(createAiTable, async ({ ctx, body }) => ({ table: await tables.createTable(platform, ctx, body) }));
    route(getAiTable, ({ ctx, params }) => tables.getTable(platform, ctx, params.id));
    route(deleteAiTable, ({ ctx, params }) => tables.deleteTable(platform, ctx, params.id));
    route(addAiColumn, async ({ ctx, params, body }) => ({
      column: await tables.addColumn(platform, ctx, params.id, body),
    }));
    route(updateAiColumn, async ({ ctx, params, body }) => ({
      column: await tables.updateColumn(platform, ctx, params.id, params.column_id, body),
    }));
    route(runAiColumn, async ({ ctx, params, body }) => ({
      run: await tables.startRun(platform, ctx, params.id, params.column_id, body.cells),
    }));
    route(controlAiColumnRun, async ({ ctx, params }) => ({
      run: await tables.controlColumnRun(platform, ctx, params.id, params.run_id, params.action),
    }));
    route(editAiCell, async ({ ctx, params, body }) => ({
      cell: await tables.editCell(platform, ctx, params.id, params.row_id, params.column_id, body.value),
    }));
    route(exportAiTable, ({ ctx, params, body }) =>
      tables.exportTable(platform, ctx, params.id, body.format),
    );
  },
};
