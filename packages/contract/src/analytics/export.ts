import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zStoredFile } from '../storage/files';

/**
 * A kept result exported as a spreadsheet (issue 24, Editors and export): CSV (UTF-8 with a byte
 * order mark, so spreadsheet programs read Chinese right) or XLSX (typed cells, a second sheet
 * saying where the figures came from). Kept in the team's storage as a generated file and
 * answered with a download link, as the Word export is.
 */
export const exportQueryResult = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/results/{id}/export',
  permission: 'signed_in',
  summary: 'Export a kept result as CSV or XLSX into the team storage, answered with a download link',
  tags: ['analytics'],
  params: z.object({ id: z.string().trim().min(1).max(64) }),
  body: z.object({
    format: z.enum(['csv', 'xlsx'], { message: 'Choose csv or xlsx' }),
    /** The download's name, without its extension (added). */
    filename: z.string().trim().max(200, { message: 'Input exceeds maximum length' }).optional(),
  }),
  response: z.object({ file_path: z.string(), expires_at: zSeconds, file: zStoredFile }),
});
