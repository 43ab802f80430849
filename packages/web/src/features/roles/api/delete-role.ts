import type { TRole } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { rolesKey } from './find-roles.ts';

/** POST /api/role/delete {roleData: {roleId}}; built-in roles answer 409. */
export async function deleteRole(role: Pick<TRole, 'roleId' | 'roleName'>): Promise<void> {
  await apiRequest('/role/delete', { body: { roleData: { roleId: role.roleId, roleName: role.roleName } } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}
