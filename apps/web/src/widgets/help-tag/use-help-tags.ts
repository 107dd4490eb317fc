import type { HelpEntry, HelpTagStyle, postHtmlTagHelp } from '@app/contract/help/help-tags';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointRef, lightCall } from '../../lib/api/light-client';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { type CachedHelp, readCachedHelp, writeCachedHelp } from './help-cache';

/** Through the light client: the help of /chat must not load zod (docs/performance.md). */
const helpEndpoint = endpointRef<typeof postHtmlTagHelp>('POST', '/api/config/help/html-tag-help');

/** The element ids each page path has declared so far: one question per page path asks for all. */
const declared = new Map<string, Set<string>>();

function declare(page: string, ids: readonly string[]): void {
  const set = declared.get(page) ?? new Set<string>();
  for (const id of ids) set.add(id);
  declared.set(page, set);
}

export const helpTagsKey = (loc: string, page: string, version: number) =>
  ['help-tags', loc, page, version] as const;

async function loadHelp(loc: string, page: string, version: number): Promise<CachedHelp> {
  const ids = [...(declared.get(page) ?? [])].sort();
  const cached = readCachedHelp(loc, page, version);
  if (cached && ids.every((id) => cached.asked.includes(id))) return cached;
  const answer = await lightCall(helpEndpoint, {
    body: { page_path: page, ids: JSON.stringify(ids) },
    silent: true,
  });
  const entry: CachedHelp = {
    // The server's version may be newer than the one basic infos gave: keep it under the one
    // asked for, so the next page load finds it.
    version,
    asked: ids,
    helps: answer.helps,
    style: answer.style,
  };
  writeCachedHelp(loc, page, entry);
  return entry;
}

export interface HelpFor {
  entry: HelpEntry;
  style: HelpTagStyle;
}

/**
 * The help of elements of a page, asked once per page path (every `HelpTag` of the page shares
 * the question) and kept in localStorage by `latest_tag_help_version`. Nothing while signed out
 * or while the user's help switch is off.
 */
export function useHelpTags(page: string, ids: readonly string[]): Record<string, HelpFor> {
  // Declared while rendering (idempotent), so every HelpTag of the page is in before the
  // question leaves from the first effect.
  declare(page, ids);
  const infos = useBasicInfos().data;
  const queryClient = useQueryClient();
  const on = infos?.preferences.help_switch === true;
  const loc = infos?.locale ?? 'en_US';
  const version = infos?.latest_tag_help_version ?? 0;
  const key = helpTagsKey(loc, page, version);
  const help = useQuery({
    queryKey: key,
    queryFn: () => loadHelp(loc, page, version),
    enabled: on && infos !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const asked = help.data?.asked;
  const missing = asked !== undefined && ids.some((id) => !asked.includes(id));
  useEffect(() => {
    // A tag mounted after the question left: ask again with every id the page has now.
    if (missing && !help.isFetching) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  });
  const found: Record<string, HelpFor> = {};
  if (!on || !help.data) return found;
  for (const id of ids) {
    const entry = help.data.helps[id];
    if (entry) found[id] = { entry, style: help.data.style };
  }
  return found;
}
