import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { type TAuthClaims, ZAuthClaims } from '@portal/contract';

export type TTokenClaims = Omit<TAuthClaims, 'iat' | 'exp'>;

/** Past this many remembered tokens the expired ones are dropped, and if none were, all of them. */
const MAX_VERIFIED = 10_000;

/** The only protected header the portal signs, base64url-encoded as jose writes it. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Signs (jose) and verifies the short-lived authToken (HS256). Every request verifies one, so
 * verification is a synchronous HMAC with node:crypto rather than an asynchronous WebCrypto job.
 */
export class TokenSigner {
  readonly #secret: Buffer;
  readonly #ttlSeconds: number;
  /**
   * Tokens verified lately, by the whole token (signature included), with their claims: a client
   * sends the same token with every request until it expires, so its signature, decoding and
   * checks need doing once. Its expiry is still checked on every use.
   */
  readonly #verified = new Map<string, TAuthClaims>();

  constructor(secret: string, ttlSeconds: number) {
    this.#secret = Buffer.from(secret);
    this.#ttlSeconds = ttlSeconds;
  }

  sign(claims: TTokenClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + this.#ttlSeconds)
      .sign(this.#secret);
  }

  /**
   * The claims of a token this server signed (exactly its header, HS256), unexpired, carrying
   * every contract claim including `exp`; otherwise null.
   */
  async verify(token: string, now = Math.floor(Date.now() / 1000)): Promise<TAuthClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.#verified.delete(token);
      return null;
    }
    const claims = this.#check(token, now);
    if (claims) this.#remember(token, claims, now);
    return claims;
  }

  #check(token: string, now: number): TAuthClaims | null {
    const [header, payload, signature, extra] = token.split('.');
    if (extra !== undefined || header !== HEADER || !payload || !signature) return null;
    const expected = createHmac('sha256', this.#secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const claims = ZAuthClaims.safeParse(decoded);
    if (!claims.success || claims.data.exp <= now || claims.data.iat > now + 60) return null;
    return claims.data;
  }

  #remember(token: string, claims: TAuthClaims, now: number): void {
    if (this.#verified.size >= MAX_VERIFIED) {
      for (const [known, { exp }] of this.#verified) if (exp <= now) this.#verified.delete(known);
      if (this.#verified.size >= MAX_VERIFIED) this.#verified.clear();
    }
    this.#verified.set(token, claims);
  }
}
