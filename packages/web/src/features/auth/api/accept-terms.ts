import { type TUser, ZUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** GET /api/user/acceptterms/{termsId}: records the acceptance and answers the updated user. */
export async function acceptTerms(termsId: number): Promise<TUser | null> {
  const answer = await typedRequest(`/user/acceptterms/${termsId}`, ZAnswer, { method: 'GET' });
  return answer.userInfos[0] ?? null;
}

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms });
}
