import { hmacBase64Url, randomToken } from '../../lib/crypto.ts';
import type { SettingsRepository } from './settings.repository.ts';

/**
 * The server secret, made on first start and kept in the database, so every instance on one
 * database derives the same keys (JWT, CSRF, bot check, sealed TOTP seeds).
 */
export class SettingsService {
  readonly #repo: SettingsRepository;

  constructor(repo: SettingsRepository) {
    this.#repo = repo;
  }

  /** A key for one purpose, derived from the server secret by HMAC. */
  async keyDeriver(): Promise<(purpose: string) => string> {
    const master = await this.#repo.once('serverSecret', randomToken(48));
    return (purpose) => hmacBase64Url(master, purpose);
  }
}
