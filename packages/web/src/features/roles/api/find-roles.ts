import { type TRole, ZRole } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({ roleInfos: z.array(ZRole) });

/** POST /api/role/find {}: every role with its permissions and user count. */
export async function findRoles(): Promise<TRole[]> {
  return (await typedRequest('/role/find', ZAnswer, { body: {}, toastErrors: false })).roleInfos;
}

export const rolesKey = ['roles'] as const;

export function useFindRoles() {
  return useQuery({ queryKey: [...rolesKey, 'find'], queryFn: findRoles });
}
