import type { TAuthClaims } from '@portal/contract';
import { sessionStore } from '../auth/session-store.ts';

type TSignIn = Partial<TAuthClaims> & { id?: number };

/** A token shaped like the server's (the browser never checks its signature) carrying `permissions`. */
export function testToken(permissions: string[], claims: Partial<TAuthClaims> = {}): string {
  const payload = {
    sub: '1',
    sid: 's',
    login: 'someone',
    roles: [],
    companyId: null,
    permissions,
    iat: 0,
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;
}

/** Signs a test in as user `id` (1 unless given) holding `permissions`, as the screens read the session. */
export function signInAs(permissions: string[], { id = 1, ...claims }: TSignIn = {}): void {
  sessionStore.setAuth({ id, authToken: testToken(permissions, claims), refreshToken: 'r' }, null);
}
