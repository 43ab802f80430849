import { useQuery } from '@tanstack/react-query';
import { grantedPermissions, ZRole } from '@portal/contract';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** A role to pick, with the "<area>.<action>" permissions it grants. */
export type TRoleOption = { roleId: number; roleName: string; permissions: string[] };

const ZAnswer = z.object({ roleInfos: z.array(ZRole) });

/** POST /api/role/find {}: the roles a user can be given (filter and form). */
export async function findRoleOptions(): Promise<TRoleOption[]> {
  const answer = await typedRequest('/role/find', ZAnswer, { body: {}, toastErrors: false });
  return answer.roleInfos.map(({ roleId, roleName, rolePermissionInfos }) => ({
    roleId,
    roleName,
    permissions: grantedPermissions(rolePermissionInfos),
  }));
}

export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: findRoleOptions, staleTime: 60_000 });
}
