import type { TBotCheck } from '@portal/contract';
import { solveProofOfWork } from '../../../shared/crypto/proof-of-work.ts';
import { fetchChallenge } from './challenge.ts';

/** Fetches a challenge and solves it; undefined when the bot check is switched off. */
export async function solveBotCheck(onProgress?: (fraction: number) => void): Promise<TBotCheck | undefined> {
  const { challenge, difficulty, enabled } = await fetchChallenge();
  if (!enabled || !challenge) return undefined;
  const nonce = await solveProofOfWork(challenge, difficulty, { onProgress });
  return { challenge, nonce: String(nonce) };
}
