import { useQuery } from '@tanstack/react-query';
import { useBasicInfos } from '../session/basic-infos';
import { PERMISSION_SOURCE } from './guard-route';
import { getPagePermission } from './page-permissions';

/**
 * Whether the signed-in user may open `path` (spec section 6), from the same cached permission
 * call the route guard makes: a link to a page is shown only to those it would not refuse.
 */
export function useCanOpen(path: string): boolean {
  const { data: infos } = useBasicInfos();
  const permission = useQuery({
    queryKey: ['can-open', infos?.id, infos?.latest_permission_version, path],
    queryFn: () => {
      if (!infos) throw new Error('basic infos are not loaded');
      return getPagePermission(path, {
        source: PERMISSION_SOURCE,
        userId: infos.id,
        version: infos.latest_permission_version,
      });
    },
    enabled: infos !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return permission.data?.access === true;
}
