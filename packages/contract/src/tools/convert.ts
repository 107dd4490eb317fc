import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zStoredFile } from '../storage/files';

/** Characters of markdown one export takes: a long report, well inside the 2 MB body limit. */
export const MARKDOWN_EXPORT_MAX = 500_000;

/**
 * Spec section 7: markdown to a Word document. The document is kept in the team's storage as a
 * generated file (counted against its quota, listed on `/account/user/storage`); `file_path` is a
 * short-lived download link that saves it as `filename` with `.docx`. Tables stay Word tables.
 */
export const convertMarkdownToDoc = defineEndpoint({
  method: 'POST',
  path: '/api/tool/convert/file/md-to-doc',
  permission: 'signed_in',
  summary: 'Markdown to a Word document kept in the team storage, answered with a download link',
  tags: ['tools'],
  body: z.object({
    content: z
      .string()
      .refine((text) => text.trim().length > 0, { message: 'There is nothing to export' })
      .refine((text) => text.length <= MARKDOWN_EXPORT_MAX, {
        message: `At most ${MARKDOWN_EXPORT_MAX.toLocaleString('en-US')} characters`,
      }),
    /** The download's name, without `.docx` (added). */
    filename: z.string().trim().max(200, { message: 'Input exceeds maximum length' }).optional(),
  }),
  response: z.object({ file_path: z.string(), expires_at: zSeconds, file: zStoredFile }),
});
