import { type TUser, ZUserInfos } from '@portal/contract';
import { AUTH_STORAGE_KEY, sessionStore } from '../auth/session-store.ts';
import type { TAuthData } from '../auth/session-store.ts';
import { createRenewalScheduler } from '../auth/token-renewal.ts';
import { apiRequest, expireSession, renewSession } from './api-client.ts';
import { typedRequest } from './typed-request.ts';

const scheduler = createRenewalScheduler(async () => {
  if (!(await renewSession())) expireSession();
});

let wired = false;

/**
 * Keeps one renewal planned for the current authToken, and follows sign-in and sign-out of
 * other tabs through the storage event.
 */
export function startSessionKeeping(): void {
  if (wired) return;
  wired = true;
  let lastToken: string | undefined;
  const plan = () => {
    const { authData, claims } = sessionStore.getSnapshot();
    if (authData?.authToken === lastToken) return;
    lastToken = authData?.authToken;
    if (authData && claims) scheduler.schedule(claims.exp);
    else scheduler.cancel();
  };
  sessionStore.subscribe(plan);
  plan();
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) sessionStore.reload();
  });
}

/** Stores a successful sign-in (login or MFA answer). */
export function beginSession(authData: TAuthData, user: TUser | null): void {
  sessionStore.setAuth(authData, user);
}

/** GET /api/user/me, read through the contract's schema. */
async function fetchOwnUser(): Promise<TUser | null> {
  const answer = await typedRequest('/user/me', ZUserInfos, { method: 'GET', toastErrors: false });
  return answer.userInfos[0] ?? null;
}

/** GET /api/user/me: the lookup by token run before the app starts; failure means signed out. */
export async function loadCurrentUser(): Promise<TUser | null> {
  if (!sessionStore.getSnapshot().authData) return null;
  try {
    const user = await fetchOwnUser();
    if (!user) sessionStore.clear();
    else sessionStore.setUser(user);
    return user;
  } catch {
    sessionStore.clear();
    return null;
  }
}

/**
 * GET /api/user/me again after sign-in (the login answer carries no photo) or after the user
 * edited their own record; a failure keeps the session as it is.
 */
export async function refreshOwnUser(): Promise<void> {
  if (!sessionStore.getSnapshot().authData) return;
  try {
    const user = await fetchOwnUser();
    if (user) sessionStore.setUser(user);
  } catch {
    // The header keeps the blank avatar; nothing else depends on this.
  }
}

/** GET /api/user/logout, then forget the session whatever the answer (spec 8). */
export async function endSession(): Promise<void> {
  if (sessionStore.getSnapshot().authData) {
    try {
      // A revoked sign-in answers 401: that is fine here, so no renewal and no "expired" message.
      await apiRequest('/user/logout', { method: 'GET', toastErrors: false, renewOn401: false });
    } catch {
      // The server may already have revoked the sign-in; the local session goes regardless.
    }
  }
  scheduler.cancel();
  sessionStore.clear();
}
