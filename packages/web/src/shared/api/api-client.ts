import type { TEnvelope } from '@portal/contract';
import { i18n } from '../i18n/i18n.ts';
import { sessionStore } from '../auth/session-store.ts';
import { toast } from '../toast/toast-store.ts';
import { ApiError, readErrorDetails } from './api-error.ts';
import { readXsrfToken, XSRF_HEADER } from './csrf.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type TRequestOptions = {
  method?: THttpMethod;
  body?: unknown;
  /** Send the bearer authToken (default true; public routes never get it). */
  auth?: boolean;
  /** Bearer token to send instead of the session's (token renewal sends the refresh token). */
  bearer?: string;
  /** Show a toast for an error answer (default true). */
  toastErrors?: boolean;
  /** On 401, renew the token and retry once, else end the session (default true). */
  renewOn401?: boolean;
  signal?: AbortSignal;
};

/** Routes of CONTRACT 2 that never carry the authToken. */
const PUBLIC_PATHS = [
  '/user/login',
  '/user/login/mfa',
  '/user/register',
  '/user/forgot-password',
  '/user/reset-password',
  '/user/challenge',
  '/info/env',
];

function normalise(path: string): string {
  return `/${path.replace(/^\/+/, '').replace(/^api\//, '')}`.replace(/\/+$/, '');
}

function isPublic(path: string): boolean {
  return PUBLIC_PATHS.includes(normalise(path));
}

async function readEnvelope(response: Response): Promise<TEnvelope & Record<string, unknown>> {
  try {
    const json: unknown = await response.json();
    if (typeof json === 'object' && json !== null) {
      const record = json as Record<string, unknown>;
      return {
        ...record,
        responseCode: typeof record.responseCode === 'number' ? record.responseCode : response.status,
        errorMessages: Array.isArray(record.errorMessages)
          ? record.errorMessages.filter((m): m is string => typeof m === 'string')
          : [],
      };
    }
  } catch {
    // Not JSON (a proxy error page, for example): answer with the HTTP status alone.
  }
  return { responseCode: response.status, errorMessages: [] };
}

async function send(path: string, options: TRequestOptions, token: string | undefined): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = readXsrfToken();
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  return fetch(`api${normalise(path)}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

let renewing: Promise<boolean> | null = null;

/** Runs `work` while holding a lock shared by every tab of this origin, where the browser has Web Locks. */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('portal-token-renew', work) : work();
}

async function renewOnce(): Promise<boolean> {
  const before = sessionStore.getSnapshot().authData;
  // Another tab may have renewed while this one waited for the lock: take its pair, spend nothing.
  sessionStore.reload();
  const authData = sessionStore.getSnapshot().authData;
  if (!authData) return false;
  if (before && authData.refreshToken !== before.refreshToken) return true;
  try {
    const response = await send('/user/token-renew', { method: 'GET' }, authData.refreshToken);
    const envelope = await readEnvelope(response);
    const { authToken, refreshToken } = envelope;
    if (!response.ok || typeof authToken !== 'string' || typeof refreshToken !== 'string') return false;
    // Another tab may have signed out meanwhile; do not resurrect its session.
    if (sessionStore.getSnapshot().authData?.refreshToken !== authData.refreshToken) return false;
    sessionStore.setAuth({ id: authData.id, authToken, refreshToken });
    return true;
  } catch {
    return false;
  }
}

/**
 * Rotates the token pair with GET /user/token-renew (bearer refreshToken). Callers in this tab
 * share one call and tabs take turns, because a refresh token used twice revokes the whole sign-in.
 */
export function renewSession(): Promise<boolean> {
  renewing ??= acrossTabs(renewOnce).finally(() => {
    renewing = null;
  });
  return renewing;
}

/** Ends the session locally and goes to sign-in, remembering where the person was. */
export function expireSession(showMessage = true): void {
  const hadSession = sessionStore.getSnapshot().authData !== null;
  sessionStore.clear();
  if (hadSession && showMessage) toast.warning(i18n.t('auth.sessionExpired'));
  const current = window.location.hash.replace(/^#/, '');
  if (!current.startsWith('/auth/')) {
    const redirect = current && current !== '/' ? `?redirect=${encodeURIComponent(current)}` : '';
    window.location.hash = `#/auth/login${redirect}`;
  }
}

/**
 * Calls `/api/<path>` and returns the envelope's payload; throws ApiError (after a toast with
 * the details in the reader's language) for any non-2xx answer. A 401 triggers one renewal and one retry.
 */
export async function apiRequest<T extends object = object>(
  path: string,
  options: TRequestOptions = {},
): Promise<TEnvelope & T> {
  const useAuth = (options.auth ?? true) && !isPublic(path);
  const tokenNow = () =>
    options.bearer ?? (useAuth ? sessionStore.getSnapshot().authData?.authToken : undefined);

  let response: Response;
  try {
    response = await send(path, options, tokenNow());
    if (response.status === 401 && useAuth && !options.bearer && tokenNow() && options.renewOn401 !== false) {
      if (await renewSession()) response = await send(path, options, tokenNow());
      if (response.status === 401) {
        expireSession();
        throw new ApiError(401, [], i18n.t('auth.sessionExpired'));
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const unreachable = new ApiError(0, [], i18n.t('errors.unreachable'));
    if (options.toastErrors !== false) toast.error(unreachable.message);
    throw unreachable;
  }

  const envelope = await readEnvelope(response);
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      envelope.errorMessages,
      i18n.t('errors.requestFailed'),
      readErrorDetails(envelope.errorDetails),
    );
    if (options.toastErrors !== false) toast.error(error.displayMessage);
    throw error;
  }
  return envelope as TEnvelope & T;
}
