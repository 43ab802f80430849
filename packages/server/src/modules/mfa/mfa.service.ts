import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { randomCode } from '../../lib/crypto.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, otpauthUrl, totpStep } from '../../lib/totp.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { OneTimeTokensService } from '../one-time-tokens/one-time-tokens.service.ts';
import type { MfaRepository } from './mfa.repository.ts';

const RECOVERY_CODES = 10;

/** Recovery codes are compared without their dashes, spaces or case. */
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export type TMfaDeps = {
  repo: MfaRepository;
  tokens: OneTimeTokensService;
  activity: ActivityService;
  secretBox: SecretBox;
  requiredForAdmins: boolean;
};

/** The second factor: TOTP (RFC 6238) with single-use recovery codes (CONTRACT 2). */
export class MfaService {
  readonly #d: TMfaDeps;

  constructor(deps: TMfaDeps) {
    this.#d = deps;
  }

  /** Starts the set-up: a new secret, stored sealed, active only after enable. */
  async setup(auth: TAuth): Promise<{ secret: string; otpauthUrl: string }> {
    const state = await this.#d.repo.of(auth.userId);
    if (!state) throw notFound('notFound', { name: 'user' });
    if (state.enabled) throw conflict('mfaAlreadyEnabled');
    const secret = newTotpSecret();
    await this.#d.repo.set(auth.userId, { secret: this.#d.secretBox.seal(secret), lastStep: null });
    return { secret, otpauthUrl: otpauthUrl(secret, state.login) };
  }

  async enable(auth: TAuth, code: string): Promise<{ recoveryCodes: string[] }> {
    const state = await this.#d.repo.of(auth.userId);
    if (!state?.secret) throw conflict('mfaSetupNotStarted');
    if (state.enabled) throw conflict('mfaAlreadyEnabled');
    if (!(await this.verifyTotp(auth.userId, state.secret, code)))
      throw badRequest('codeNotValid', {}, 'code');
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => randomCode());
    await this.#d.tokens.store(auth.userId, 'mfa-recovery', recoveryCodes.map(normaliseRecoveryCode));
    await this.#d.repo.set(auth.userId, { enabled: true });
    await this.#d.activity.record({ kind: 'mfa.enabled', userId: auth.userId });
    return { recoveryCodes };
  }

  async disable(auth: TAuth, code: string): Promise<void> {
    const state = await this.#d.repo.of(auth.userId);
    if (!state?.enabled || !state.secret) throw conflict('mfaNotEnabled');
    if (this.#d.requiredForAdmins && auth.isAdmin) throw forbidden('mfaRequiredForAdmins');
    if (!(await this.verifyTotp(auth.userId, state.secret, code)))
      throw badRequest('codeNotValid', {}, 'code');
    await this.#d.repo.set(auth.userId, { enabled: false, secret: null, lastStep: null });
    await this.#d.tokens.discard(auth.userId, 'mfa-recovery');
    await this.#d.activity.record({ kind: 'mfa.disabled', userId: auth.userId });
  }

  /** True for a code of the user's app or an unused recovery code (which is then used up). */
  async verifySignIn(userId: number, code: string): Promise<{ ok: boolean; recovery: boolean }> {
    const state = await this.#d.repo.of(userId);
    if (!state?.enabled || !state.secret) return { ok: false, recovery: false };
    if (/^\d{6}$/.test(code))
      return { ok: await this.verifyTotp(userId, state.secret, code), recovery: false };
    const used = await this.#d.tokens.consume(normaliseRecoveryCode(code), 'mfa-recovery', userId);
    return { ok: used !== undefined, recovery: used !== undefined };
  }

  /** A TOTP code is good once: its time step is taken atomically, so a replay within 30 s fails. */
  async verifyTotp(userId: number, sealedSecret: string, code: string): Promise<boolean> {
    const step = totpStep(this.#d.secretBox.open(sealedSecret), code);
    return step !== null && (await this.#d.repo.takeStep(userId, step));
  }
}
