import {
  type DynamicConfigKey,
  listDynamicConfigs,
  putDynamicConfig,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const dynamicConfigsKey = ['admin', 'dynamic-configs'] as const;

export const dynamicConfigsQuery = () =>
  queryOptions({
    queryKey: dynamicConfigsKey,
    queryFn: ({ signal }) => callApi(listDynamicConfigs, { signal }),
  });

export const setDynamicConfig = (key: DynamicConfigKey, value: boolean) =>
  callApi(putDynamicConfig, { params: { key }, body: { value } });
