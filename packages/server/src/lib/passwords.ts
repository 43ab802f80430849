import { createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks passwords; the client sends SHA-512 hex, which is peppered then argon2id-hashed. */
export class PasswordHasher {
  readonly #pepper: string | undefined;
  #dummy: Promise<string> | undefined;

  constructor(pepper: string | undefined) {
    this.#pepper = pepper;
  }

  #peppered(clientHash: string): string {
    return this.#pepper ? createHmac('sha256', this.#pepper).update(clientHash).digest('hex') : clientHash;
  }

  hash(clientHash: string): Promise<string> {
    return hash(this.#peppered(clientHash), ARGON2_OPTIONS);
  }

  async verify(stored: string, clientHash: string): Promise<boolean> {
    try {
      return await verify(stored, this.#peppered(clientHash));
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown login cannot be told from a wrong password. */
  async verifyDummy(clientHash: string): Promise<false> {
    this.#dummy ??= this.hash('0'.repeat(128));
    await this.verify(await this.#dummy, clientHash);
    return false;
  }
}
