import {
  banAdminUser,
  resetAdminUserPassword,
  setAdminUserRole,
  signOutAdminUser,
  unbanAdminUser,
} from '@app/contract/admin/users/user-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { adminUsersKey } from './users-api';

/**
 * The operator actions on one user. Refusals (the last super admin, a missing permission) come
 * back through the error catalogue's toast in the server's words; each success refreshes the
 * user's details and the list, whose role, ban and sessions it changed.
 */
export function useUserActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey });

  const setRole = useMutation({
    mutationFn: (role: string) => callApi(setAdminUserRole, { params: { id }, body: { role } }),
    onSuccess: refresh,
  });
  const ban = useMutation({
    mutationFn: (reason: string) => callApi(banAdminUser, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
  const unban = useMutation({
    mutationFn: () => callApi(unbanAdminUser, { params: { id } }),
    onSuccess: refresh,
  });
  const signOut = useMutation({
    mutationFn: () => callApi(signOutAdminUser, { params: { id } }),
    onSuccess: refresh,
  });
  const resetPassword = useMutation({
    mutationFn: () => callApi(resetAdminUserPassword, { params: { id } }),
    onSuccess: refresh,
  });

  return { setRole, ban, unban, signOut, resetPassword };
}
