import { randomInt } from 'node:crypto';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH, normalizeActivationCode } from '@portal/contract';
import { hmacBase64Url, randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { OneTimeTokensRepository, TOneTimePurpose } from './one-time-tokens.repository.ts';

/**
 * One-time secrets (128 bits or more from the CSPRNG), handed out in clear and kept only hashed;
 * and short codes for people to type, kept as a keyed hash (their few bits would not withstand a
 * plain hash's offline search) and given a limit of wrong tries.
 */
export class OneTimeTokensService {
  readonly #repo: OneTimeTokensRepository;
  readonly #codeKey: string;

  constructor(repo: OneTimeTokensRepository, codeKey: string) {
    this.#repo = repo;
    this.#codeKey = codeKey;
  }

  /**
   * Issues a short code (ACTIVATION_CODE_LENGTH characters of ACTIVATION_CODE_ALPHABET, shown as
   * two groups of four) for the user and purpose, replacing the unused ones of that purpose.
   */
  async issueCode(userId: number, purpose: TOneTimePurpose, ttlMs: number): Promise<string> {
    const code = Array.from(
      { length: ACTIVATION_CODE_LENGTH },
      () => ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)],
    ).join('');
    await this.#repo.discard(userId, purpose);
    await this.#repo.insert({
      tokenHash: this.#codeHash(userId, code),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return `${code.slice(0, 4)}-${code.slice(4)}`;
  }

  /**
   * Tries a typed short code of the user (any case, spaces and dashes ignored): `used` when right
   * (it is then spent), `wrong`, `locked` once `maxFailures` wrong tries killed it, `none` when the
   * user has no live code.
   */
  tryCode(
    userId: number,
    purpose: TOneTimePurpose,
    typed: string,
    maxFailures: number,
  ): Promise<'used' | 'wrong' | 'locked' | 'none'> {
    return this.#repo.tryCode(
      userId,
      purpose,
      this.#codeHash(userId, normalizeActivationCode(typed)),
      maxFailures,
    );
  }

  // The user id is hashed in: two users' equal codes never share a stored hash.
  #codeHash(userId: number, code: string): string {
    return hmacBase64Url(this.#codeKey, `${userId}:${code}`);
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
