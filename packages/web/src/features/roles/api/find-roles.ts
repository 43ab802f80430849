import type { TRole } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST /api/role/find {}: every role with its permissions and user count. */
export async function findRoles(): Promise<TRole[]> {
  const answer = await apiRequest<{ roleInfos?: TRole[] }>('/role/find', { body: {}, toastErrors: false });
  return answer.roleInfos ?? [];
}

export const rolesKey = ['roles'] as const;

export function useFindRoles() {
  return useQuery({ queryKey: [...rolesKey, 'find'], queryFn: findRoles });
}
