import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TRoleOption = { roleId: number; roleName: string };

/** POST /api/role/find {}: the roles a user can be given (filter and form). */
export async function findRoleOptions(): Promise<TRoleOption[]> {
  const answer = await apiRequest<{ roleInfos?: TRoleOption[] }>('/role/find', {
    body: {},
    toastErrors: false,
  });
  return (answer.roleInfos ?? []).map(({ roleId, roleName }) => ({ roleId, roleName }));
}

export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: findRoleOptions, staleTime: 60_000 });
}
