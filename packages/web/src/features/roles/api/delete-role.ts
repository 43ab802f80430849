import { type TRole, ZRole } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { rolesKey } from './find-roles.ts';

const ZAnswer = z.object({ roleInfos: z.array(ZRole) });

/** POST /api/role/delete {roleData: {roleId}}; built-in roles answer 409. */
export async function deleteRole(role: Pick<TRole, 'roleId' | 'roleName'>): Promise<TRole[]> {
  const answer = await typedRequest('/role/delete', ZAnswer, {
    body: { roleData: { roleId: role.roleId, roleName: role.roleName } },
  });
  return answer.roleInfos;
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}
