import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { findViewValues, saveViewValues } from './view-settings.repo';

/** Always scoped to the caller: one user's view never shows through another's. */
export async function getViewSettings(
  platform: Platform,
  ctx: SignedInContext,
  key: { route: string; type: string },
) {
  const values = await findViewValues(platform.db, { userId: ctx.user.id, ...key });
  return { route: key.route, type: key.type, values: values ?? {} };
}

export async function putViewSettings(
  platform: Platform,
  ctx: SignedInContext,
  input: { route: string; type: string; values: Record<string, unknown> },
) {
  await saveViewValues(
    platform.db,
    { userId: ctx.user.id, route: input.route, type: input.type },
    input.values,
  );
  return input;
}
