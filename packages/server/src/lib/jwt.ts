import { jwtVerify, SignJWT } from 'jose';
import { type TAuthClaims, ZAuthClaims } from '@portal/contract';

export type TTokenClaims = Omit<TAuthClaims, 'iat' | 'exp'>;

/** Signs and verifies the short-lived authToken (HS256). */
export class TokenSigner {
  /** Imported once: every request verifies a token, and importing the key each time costs more than the check. */
  readonly #key: Promise<CryptoKey>;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.#ttlSeconds = ttlSeconds;
  }

  async sign(claims: TTokenClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + this.#ttlSeconds)
      .sign(await this.#key);
  }

  /** Returns the claims of a valid, unexpired token that carries every contract claim, or null. */
  async verify(token: string): Promise<TAuthClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const claims = ZAuthClaims.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }
}
