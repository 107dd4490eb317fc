import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { storeGeneratedForDownload } from '../storage/generated-files';
import { markdownToDocx } from './markdown-docx';

/** What a download is called when the caller names nothing. */
const DEFAULT_NAME = 'Report';

/**
 * Markdown to `.docx`, kept in the caller's team storage as a generated file made by them, and a
 * download link to it. The name is the given filename (its own `.docx` or `.md` dropped, so a
 * name is never doubled) with `.docx`.
 */
export async function convertMarkdownToDoc(
  platform: Platform,
  ctx: SignedInContext,
  input: { content: string; filename?: string },
) {
  const base = (input.filename ?? '').replace(/\.(docx|md|markdown)$/i, '').trim() || ctx.t(DEFAULT_NAME);
  const body = await markdownToDocx(input.content, base);
  return storeGeneratedForDownload(platform, ctx, { name: `${base}.docx`, ext: 'docx', body });
}
