import type { TRole, TRoleData } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { rolesKey } from './find-roles.ts';

/** POST /api/role/save {roleData}: creates (no roleId) or updates a role. */
export async function saveRole(roleData: TRoleData): Promise<TRole | null> {
  const answer = await apiRequest<{ roleInfos?: TRole[] }>('/role/save', { body: { roleData } });
  return answer.roleInfos?.[0] ?? null;
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}
