import {
  createLanguage,
  deleteTranslation,
  exportTranslations,
  IMPORT_FIELD,
  importTranslations,
  listLanguages,
  listTranslations,
  previewTranslationImport,
  saveTranslations,
  suggestTranslations,
  type TranslationCell,
  updateLanguage,
} from '@app/contract/i18n/admin-translations';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { callApi, uploadMultipart } from '../../lib/api/client';
import { currentLocale } from '../../lib/i18n/locales';
import { ensureTranslations } from '../../lib/i18n/translations';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';

export const translationsKey = ['admin', 'translations'] as const;

export interface GridFilter {
  q: string;
  missingOnly: boolean;
  loc: string;
  page: number;
  pageSize: number;
}

export const translationsQuery = (filter: GridFilter) =>
  queryOptions({
    queryKey: [...translationsKey, 'grid', filter],
    queryFn: ({ signal }) =>
      callApi(listTranslations, {
        query: {
          page: filter.page,
          page_size: filter.pageSize,
          ...(filter.q ? { q: filter.q } : {}),
          ...(filter.missingOnly ? { missing_only: 'true' as const } : {}),
          ...(filter.loc ? { loc: filter.loc } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const languagesQuery = () =>
  queryOptions({
    queryKey: [...translationsKey, 'languages'],
    queryFn: ({ signal }) => callApi(listLanguages, { signal }),
  });

/**
 * After a save: the grid reads again, and basic infos too, whose moved
 * `latest_translation_version` makes this client (and every open one, on its next look at basic
 * infos) load the new texts; this page's own language is reloaded at once.
 */
export async function afterTranslationChange(queryClient: QueryClient, version: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: translationsKey }),
    queryClient.invalidateQueries({ queryKey: basicInfosQueryKey }),
    ensureTranslations(currentLocale(), version).catch(() => undefined),
  ]);
}

export const saveCells = (cells: TranslationCell[]) => callApi(saveTranslations, { body: { cells } });

export const removeCell = (msgid: string, loc: string) =>
  callApi(deleteTranslation, { query: { msgid, loc } });

export const exportFile = (format: 'json' | 'po', loc?: string) =>
  callApi(exportTranslations, { query: { format, ...(loc ? { loc } : {}) } });

function importForm(file: File): FormData {
  const form = new FormData();
  form.append(IMPORT_FIELD, file, file.name);
  return form;
}

/** Silent: the import dialog shows the file's problem itself. */
export const previewImport = (file: File, loc?: string) =>
  uploadMultipart(previewTranslationImport, importForm(file), { query: loc ? { loc } : {}, silent: true });

export const applyImport = (file: File, loc?: string) =>
  uploadMultipart(importTranslations, importForm(file), { query: loc ? { loc } : {}, silent: true });

export const askSuggestions = (loc: string, msgids?: string[]) =>
  callApi(suggestTranslations, { body: { loc, ...(msgids?.length ? { msgids } : {}) } });

/** Silent: the drawer's form places the server's field messages itself. */
export const addLanguage = (loc: string, display: string) =>
  callApi(createLanguage, { body: { loc, display }, silent: true });

export const switchLanguage = (loc: string, enabled: boolean) =>
  callApi(updateLanguage, { params: { loc }, body: { enabled } });

/** Saves text as a file in the browser (the export's answer). */
export function saveFile(content: string, filename: string): void {
  const type = filename.endsWith('.po') ? 'text/x-gettext-translation' : 'application/json';
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
