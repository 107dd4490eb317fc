import { convertMarkdownToDoc } from '@app/contract/tools/convert';
import { callApi, openDownload } from '../../lib/api/client';

/**
 * A `.docx` of some markdown: made by the server (md-to-doc) and opened from the link it answers.
 * Apart from chat-api.ts, which keeps to the light client (the first load of /chat carries no zod):
 * only the export buttons need this one.
 */
export async function downloadAsWord(markdown: string, filename: string): Promise<void> {
  const answer = await callApi(convertMarkdownToDoc, { body: { content: markdown, filename } });
  openDownload(answer.file_path);
}
