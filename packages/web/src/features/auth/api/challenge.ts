import { type TBotChallenge, ZBotChallenge } from '@portal/contract';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** GET /api/user/challenge: a fresh proof-of-work challenge (one per submission). */
export function fetchChallenge(): Promise<TBotChallenge> {
  return typedRequest('/user/challenge', ZBotChallenge, { method: 'GET' });
}
