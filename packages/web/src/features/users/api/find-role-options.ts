import { useQuery } from '@tanstack/react-query';
import { grantedPermissions, type TRole } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** A role to pick, with the "<area>.<action>" permissions it grants. */
export type TRoleOption = { roleId: number; roleName: string; permissions: string[] };

/** POST /api/role/find {}: the roles a user can be given (filter and form). */
export async function findRoleOptions(): Promise<TRoleOption[]> {
  const answer = await apiRequest<{ roleInfos?: TRole[] }>('/role/find', {
    body: {},
    toastErrors: false,
  });
  return (answer.roleInfos ?? []).map(({ roleId, roleName, rolePermissionInfos }) => ({
    roleId,
    roleName,
    permissions: grantedPermissions(rolePermissionInfos),
  }));
}

export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: findRoleOptions, staleTime: 60_000 });
}
