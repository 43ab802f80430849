import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { OneTimeTokensRepository, TOneTimePurpose } from './one-time-tokens.repository.ts';

/** One-time secrets (128 bits or more from the CSPRNG), handed out in clear and kept only hashed. */
export class OneTimeTokensService {
  readonly #repo: OneTimeTokensRepository;

  constructor(repo: OneTimeTokensRepository) {
    this.#repo = repo;
  }

  /** Issues a token for the user and purpose, replacing unused ones of that purpose when `replace`. */
  async issue(
    userId: number,
    purpose: TOneTimePurpose,
    options: { ttlMs?: number; bytes?: number; replace?: boolean } = {},
  ): Promise<string> {
    const token = randomToken(options.bytes ?? 32);
    if (options.replace) await this.#repo.discard(userId, purpose);
    await this.#repo.insert({
      tokenHash: sha256Hex(token),
      userId,
      purpose,
      expiresAt: options.ttlMs ? new Date(Date.now() + options.ttlMs) : null,
    });
    return token;
  }

  /** Stores given codes (recovery codes) for the user, replacing the unused ones. */
  async store(userId: number, purpose: TOneTimePurpose, codes: string[]): Promise<void> {
    await this.#repo.discard(userId, purpose);
    await this.#repo.insert(codes.map((code) => ({ tokenHash: sha256Hex(code), userId, purpose })));
  }

  discard(userId: number, purpose: TOneTimePurpose): Promise<void> {
    return this.#repo.discard(userId, purpose);
  }

  /** The user of a valid, unused token, without using it. */
  peek(token: string, purpose: TOneTimePurpose): Promise<number | undefined> {
    return this.#repo.peek(sha256Hex(token), purpose);
  }

  /** Uses a token once; answers its user, or undefined if unknown, used or expired. */
  consume(token: string, purpose: TOneTimePurpose, userId?: number): Promise<number | undefined> {
    return this.#repo.consume(sha256Hex(token), purpose, userId);
  }
}
