import { listAnalysisFunctions } from '@app/contract/analysis/runs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../api/client';

/**
 * The analysis functions the server offers, in the reader's language (issue 25): the analysis
 * page's list, and the names usage pages show for `analysis.*` keys. One cache entry for both.
 */
export const functionsQuery = () =>
  queryOptions({
    queryKey: ['analysis', 'functions'],
    queryFn: ({ signal }) => callApi(listAnalysisFunctions, { signal }),
    staleTime: 60_000,
  });

/** Function names by key (empty until the list arrives, or when it cannot be read). */
export function useFunctionNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({ ...functionsQuery(), retry: false });
  return useMemo(() => new Map((data?.items ?? []).map((fn) => [fn.key, fn.name])), [data]);
}
