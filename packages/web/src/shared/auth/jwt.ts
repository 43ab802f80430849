import { type TAuthClaims, ZAuthClaims } from '@portal/contract';
import { decodeJwt } from 'jose';

/**
 * The claims of an authToken, checked against the contract's claims schema; null for anything
 * that is not a readable token of this portal. Not verified: the server verifies every call, the
 * client only reads who is signed in, what they may do and when to renew.
 */
export function readClaims(token: string): TAuthClaims | null {
  try {
    const parsed = ZAuthClaims.safeParse(decodeJwt(token));
    return parsed.success ? parsed.data : null;
  } catch {
    // jose throws on a token that is not a JWT at all: treat it like claims that do not match.
    return null;
  }
}
