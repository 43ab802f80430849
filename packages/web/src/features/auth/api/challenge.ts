import type { TBotChallenge } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET /api/user/challenge: a fresh proof-of-work challenge (one per submission). */
export async function fetchChallenge(): Promise<TBotChallenge> {
  const answer = await apiRequest<Partial<TBotChallenge>>('/user/challenge', { method: 'GET' });
  return {
    challenge: answer.challenge ?? '',
    difficulty: answer.difficulty ?? 0,
    enabled: answer.enabled ?? false,
  };
}
