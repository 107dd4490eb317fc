import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_SOURCE } from '../../../lib/permissions/guard-route';
import { getPagePermissions } from '../../../lib/permissions/page-permissions';
import { useBasicInfos } from '../../../lib/session/basic-infos';
import { isRouted } from '../../routes/page-table';
import { type AdminMenuNode, adminMenu, menuPaths, visibleMenu } from './admin-menu';

export interface AdminMenu {
  /** The whole tree, for breadcrumbs of any page. */
  all: AdminMenuNode[];
  /** What this user sees: built pages the server grants, groups that still hold one. */
  visible: AdminMenuNode[];
  loading: boolean;
  /** The permission list could not be read; the menu offers to ask again. */
  failed: boolean;
  retry: () => void;
}

/**
 * The side menu for the signed-in user. Pages not built yet are left out before asking, and the
 * rest are asked about in one batched, cached permission call (spec section 6).
 */
export function useAdminMenu(): AdminMenu {
  const { t } = useTranslation();
  const { data: infos } = useBasicInfos();
  const all = useMemo(() => adminMenu(t), [t]);
  const paths = useMemo(() => menuPaths(all).filter(isRouted), [all]);

  const permissions = useQuery({
    // The version is in the key so a role change (which bumps it) asks again.
    queryKey: ['admin-menu-permissions', infos?.id, infos?.latest_permission_version, paths],
    queryFn: () => {
      if (!infos) throw new Error('basic infos are not loaded');
      return getPagePermissions(paths, {
        source: PERMISSION_SOURCE,
        userId: infos.id,
        version: infos.latest_permission_version,
      });
    },
    enabled: infos !== undefined,
  });

  const visible = useMemo(() => {
    const granted = permissions.data;
    if (!granted) return [];
    return visibleMenu(all, (path) => paths.includes(path) && granted.get(path)?.access === true);
  }, [all, paths, permissions.data]);

  return {
    all,
    visible,
    loading: permissions.isPending,
    failed: permissions.isError,
    retry: () => void permissions.refetch(),
  };
}
