import type { TAuthClaims, TPermission, TUser } from '@portal/contract';
import { hasPermission, isSelfcareClaim } from '@portal/contract';
import { APP_VERSION } from './app-version.ts';
import { readClaims } from './jwt.ts';

/** Spec 9: the session lives in localStorage under the app version and a data key. */
export const AUTH_STORAGE_KEY = `${APP_VERSION}-authData`;

export type TAuthData = { id: number; authToken: string; refreshToken: string };

export type TSession = {
  authData: TAuthData | null;
  claims: TAuthClaims | null;
  user: TUser | null;
};

type TListener = () => void;

function isAuthData(value: unknown): value is TAuthData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.authToken === 'string' &&
    record.authToken.length > 0 &&
    typeof record.refreshToken === 'string' &&
    record.refreshToken.length > 0
  );
}

function readStored(): TAuthData | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isAuthData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function build(authData: TAuthData | null, user: TUser | null): TSession {
  return { authData, claims: authData ? readClaims(authData.authToken) : null, user };
}

/** The signed-in session: tokens (persisted) and the current user (in memory). */
export class SessionStore {
  private session: TSession = build(readStored(), null);
  private readonly listeners = new Set<TListener>();

  readonly subscribe = (listener: TListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TSession => this.session;

  /** Stores a fresh token pair (login or renewal); the user stays unless given. */
  setAuth(authData: TAuthData, user?: TUser | null): void {
    try {
      localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(authData));
    } catch {
      // Storage may be full or refused; the session still works for this tab.
    }
    this.session = build(authData, user === undefined ? this.session.user : user);
    this.emit();
  }

  setUser(user: TUser | null): void {
    this.session = { ...this.session, user };
    this.emit();
  }

  clear(): void {
    try {
      localStorage.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
    this.session = build(null, null);
    this.emit();
  }

  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload(): void {
    const stored = readStored();
    if (stored?.authToken === this.session.authData?.authToken) return;
    this.session = build(stored, stored ? this.session.user : null);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const sessionStore = new SessionStore();

/** True when the session's token grants the permission. */
export function can(session: TSession, permission: TPermission): boolean {
  return session.claims !== null && hasPermission(session.claims.permissions, permission);
}

/** True for a self-care token (permissions claim "selfcare"). */
export function isSelfcareSession(session: TSession): boolean {
  return session.claims !== null && isSelfcareClaim(session.claims.permissions);
}
