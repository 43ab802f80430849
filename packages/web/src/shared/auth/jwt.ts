import type { TAuthClaims } from '@portal/contract';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (the server verifies; the client only schedules). */
export function decodeJwt(token: string): TAuthClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return claims as TAuthClaims;
  } catch {
    return null;
  }
}
