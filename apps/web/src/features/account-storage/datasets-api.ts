import {
  type DatasetColumn,
  deleteDataset,
  getDataset,
  importDataset,
  listDatasets,
  previewDataset,
} from '@app/contract/analytics/datasets';
import { createChat } from '@app/contract/chat/chats';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const datasetsKey = ['analytics', 'datasets'] as const;

/** The team's datasets; polled while one is importing so its progress moves on screen. */
export const datasetsQuery = () =>
  queryOptions({
    queryKey: datasetsKey,
    queryFn: ({ signal }) => callApi(listDatasets, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((dataset) => dataset.status === 'importing') ? 1000 : false,
  });

export const previewFile = (fileId: string) => callApi(previewDataset, { body: { file_id: fileId } });

/** Silent: the import modal shows its refusals (useServerErrors). */
export const startImport = (input: {
  file_id: string;
  name: string;
  columns: DatasetColumn[];
  mode: 'create' | 'replace' | 'append';
  dataset_id?: string;
}) => callApi(importDataset, { body: input, silent: true });

export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: [...datasetsKey, id],
    queryFn: ({ signal }) => callApi(getDataset, { params: { id }, signal }),
  });

export const removeDataset = (id: string) => callApi(deleteDataset, { params: { id } });

/** A new chat (titled by the caller) to ask about a dataset; its id opens it. */
export function startChat(title: string) {
  return callApi(createChat, { body: { title } });
}
