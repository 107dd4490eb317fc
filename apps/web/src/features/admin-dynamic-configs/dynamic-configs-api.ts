import type { DynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import {
  type DynamicConfig,
  listDynamicConfigHistory,
  listDynamicConfigs,
  putDynamicConfig,
  rollbackDynamicConfig,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const dynamicConfigsKey = ['admin', 'dynamic-configs'] as const;

export const dynamicConfigsQuery = () =>
  queryOptions({
    queryKey: dynamicConfigsKey,
    queryFn: ({ signal }) => callApi(listDynamicConfigs, { signal }),
  });

export const dynamicConfigHistoryQuery = (key: DynamicConfigKey, page: number) =>
  queryOptions({
    queryKey: [...dynamicConfigsKey, 'history', key, page],
    queryFn: ({ signal }) =>
      callApi(listDynamicConfigHistory, { query: { key, page, page_size: 10 }, signal }),
  });

export const setDynamicConfig = (key: DynamicConfigKey, value: DynamicConfig['value']) =>
  callApi(putDynamicConfig, { params: { key }, body: { value } });

export const rollbackDynamicConfigChange = (id: string) => callApi(rollbackDynamicConfig, { params: { id } });
