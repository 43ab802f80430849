import { type TUser, ZUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** POST /api/user/selfcare/activate {token}: completes the registration. */
export function activateSelfcare(token: string): Promise<{ userInfos: TUser[] }> {
  return typedRequest('/user/selfcare/activate', ZAnswer, { body: { token } });
}

export function useActivateSelfcare() {
  return useMutation({ mutationFn: activateSelfcare });
}
