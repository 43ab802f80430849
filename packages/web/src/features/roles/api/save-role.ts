import { type TRole, type TRoleData, ZRole } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { rolesKey } from './find-roles.ts';

const ZAnswer = z.object({ roleInfos: z.array(ZRole) });

/** POST /api/role/save {roleData}: creates (no roleId) or updates a role. */
export async function saveRole(roleData: TRoleData): Promise<TRole | null> {
  const answer = await typedRequest('/role/save', ZAnswer, { body: { roleData } });
  return answer.roleInfos[0] ?? null;
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}
