import { createHash } from 'node:crypto';
import type { TBotCheck, TBotChallenge } from '@portal/contract';
import { badRequest } from './app-error.ts';
import { hmacBase64Url, randomToken, safeEqual } from './crypto.ts';
import { MemoryLimitStore, type TLimitStore } from './limit-store.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/**
 * Self-hosted proof of work: the client must find a nonce whose SHA-256 of `challenge:nonce` has
 * `difficulty` leading zero bits. Challenges are signed, expire, and are accepted once.
 */
export class BotCheck {
  readonly #key: string;
  /** Where solved challenges are spent: every instance refuses a replay, not just the one that took it. */
  readonly #spent: TLimitStore;
  readonly enabled: boolean;
  readonly difficulty: number;

  constructor(
    key: string,
    options: { enabled: boolean; difficulty: number },
    spent: TLimitStore = new MemoryLimitStore(),
  ) {
    this.#key = key;
    this.#spent = spent;
    this.enabled = options.enabled;
    this.difficulty = options.difficulty;
  }

  issue(now = Date.now()): TBotChallenge {
    const body = `${randomToken(16)}.${now + CHALLENGE_TTL_MS}.${this.difficulty}`;
    return {
      challenge: `${body}.${hmacBase64Url(this.#key, body)}`,
      difficulty: this.difficulty,
      enabled: this.enabled,
    };
  }

  /** Throws 400 unless the check is off or `solution` solves a fresh challenge of ours. */
  async verify(solution: TBotCheck | undefined, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    if (!solution) throw badRequest('botCheckRequired', {}, 'botCheck');
    const parts = solution.challenge.split('.');
    const [random, expires, difficulty, signature] = parts;
    if (parts.length !== 4 || !random || !expires || !difficulty || !signature)
      throw badRequest('botCheckNotValid', {}, 'botCheck');
    if (!safeEqual(signature, hmacBase64Url(this.#key, `${random}.${expires}.${difficulty}`))) {
      throw badRequest('botCheckNotValid', {}, 'botCheck');
    }
    if (Number(expires) < now) throw badRequest('botCheckExpired', {}, 'botCheck');
    const digest = createHash('sha256').update(`${solution.challenge}:${solution.nonce}`).digest();
    if (leadingZeroBits(digest) < Number(difficulty)) throw badRequest('botCheckNotValid', {}, 'botCheck');
    // Spent only once solved: a wrong nonce leaves the challenge to be solved still.
    if (!(await this.#spent.spend(`bot-check:${random}`, Number(expires))))
      throw badRequest('botCheckUsed', {}, 'botCheck');
  }
}
