import { and, eq } from 'drizzle-orm';
import { viewSettings } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

function ownerOf(ctx: RequestContext): string {
  if (!ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
  return ctx.user.id;
}

/** Always scoped to the caller: one user's view never shows through another's. */
export async function getViewSettings(
  platform: Platform,
  ctx: RequestContext,
  key: { route: string; type: string },
) {
  const [row] = await platform.db
    .select({ values: viewSettings.values })
    .from(viewSettings)
    .where(
      and(
        eq(viewSettings.userId, ownerOf(ctx)),
        eq(viewSettings.route, key.route),
        eq(viewSettings.type, key.type),
      ),
    );
  return { route: key.route, type: key.type, values: row?.values ?? {} };
}

export async function putViewSettings(
  platform: Platform,
  ctx: RequestContext,
  input: { route: string; type: string; values: Record<string, unknown> },
) {
  await platform.db
    .insert(viewSettings)
    .values({ userId: ownerOf(ctx), route: input.route, type: input.type, values: input.values })
    .onConflictDoUpdate({
      target: [viewSettings.userId, viewSettings.route, viewSettings.type],
      set: { values: input.values, updatedAt: new Date() },
    });
  return input;
}
