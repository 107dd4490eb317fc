import {
  getAnalysisRun,
  listAnalysisFunctions,
  listAnalysisRuns,
  runAnalysis,
  sendRunToChat,
  shareAnalysisRun,
} from '@app/contract/analysis/runs';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { registerFunctionTools } from '../chat/assistant/function-tools';
import * as analysis from './analysis.service';
import { analysisChatTools } from './chat-tools';

/** The analysis runner (issue 25): functions, runs and their history. */
export const analysisModule: ServerModule = {
  name: 'analysis',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    registerFunctionTools(platform, analysisChatTools);
    platform.caches.register(analysis.parsedDefinitionsCache());
    route(listAnalysisFunctions, async ({ ctx }) => ({ items: await analysis.listFunctions(platform, ctx) }));
    route(
      runAnalysis,
      async ({ ctx, body }) => {
        const { cached, ...run } = await analysis.runFunction(platform, ctx, body);
        return cached ? { run, cached } : { run };
      },
      { rateLimit: { max: 30 } },
    );
    route(listAnalysisRuns, ({ ctx, query }) => analysis.listRuns(platform, ctx, query));
    route(getAnalysisRun, async ({ ctx, params }) => ({
      run: await analysis.getRun(platform, ctx, params.id),
    }));
    route(shareAnalysisRun, async ({ ctx, params, body }) => ({
      run: await analysis.shareRun(platform, ctx, params.id, body.shared),
    }));
    route(sendRunToChat, ({ ctx, params }) => analysis.sendToChat(platform, ctx, params.id));
  },
};
