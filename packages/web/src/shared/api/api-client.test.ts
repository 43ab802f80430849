import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, sessionStore } from '../auth/session-store.ts';
import { toastStore } from '../toast/toast-store.ts';
import { apiAnswer } from '../test/api-answer.ts';
import { apiRequest, renewSession } from './api-client.ts';
import { ApiError } from './api-error.ts';

function jwt(claims: object): string {
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
}

const exp = Math.floor(Date.now() / 1000) + 900;
const tokenA = jwt({ sub: '1', exp, permissions: [] });
const tokenB = jwt({ sub: '1', exp: exp + 1, permissions: [] });

type TCall = { url: string; method: string; headers: Record<string, string>; body?: string };

describe('apiRequest', () => {
  let calls: TCall[];
  let answer: (call: TCall) => Response;

  beforeEach(() => {
    calls = [];
    sessionStore.setAuth({ id: 1, authToken: tokenA, refreshToken: 'refresh-1' }, null);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const call = {
          url,
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string>,
          body: init.body as string | undefined,
        };
        calls.push(call);
        return Promise.resolve(answer(call));
      }),
    );
    document.cookie = 'XSRF-TOKEN=csrf-value';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    toastStore.dismissAll();
  });

  it('sends the bearer token and, on non-GET, the X-XSRF-TOKEN header from the cookie', async () => {
    answer = () => apiAnswer(200, { userInfos: [] });
    await apiRequest('/user/find', { body: { page: 1 } });
    expect(calls[0]).toMatchObject({ url: 'api/user/find', method: 'POST', body: '{"page":1}' });
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${tokenA}`);
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe('csrf-value');
    await apiRequest('/user/me', { method: 'GET' });
    expect(calls[1]?.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('never sends the token to the public routes', async () => {
    answer = () => apiAnswer(200);
    await apiRequest('/user/login', { body: { username: 'a', password: 'b' } });
    await apiRequest('/info/env/', { method: 'GET' });
    await apiRequest('/company/find', { body: {}, auth: false });
    expect(calls.map((c) => c.headers.Authorization)).toEqual([undefined, undefined, undefined]);
  });

  it('renews once on 401 with the refresh token and retries with the new token', async () => {
    answer = (call) => {
      if (call.url === 'api/user/token-renew')
        return apiAnswer(200, { authToken: tokenB, refreshToken: 'refresh-2' });
      return call.headers.Authorization === `Bearer ${tokenB}`
        ? apiAnswer(200, { ok: true })
        : apiAnswer(401);
    };
    const [first, second] = await Promise.all([
      apiRequest<{ ok: boolean }>('/role/find', { body: {} }),
      apiRequest<{ ok: boolean }>('/user/find', { body: {} }),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const renewals = calls.filter((c) => c.url === 'api/user/token-renew');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.headers.Authorization).toBe('Bearer refresh-1');
    expect(sessionStore.getSnapshot().authData).toEqual({
      id: 1,
      authToken: tokenB,
      refreshToken: 'refresh-2',
    });
  });

  it('ends the session when the renewal is refused', async () => {
    answer = () => apiAnswer(401, {}, ['[Title] Unauthorized']);
    await expect(apiRequest('/user/find', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getSnapshot().authData).toBeNull();
    expect(window.location.hash).toMatch(/^#\/auth\/login/);
  });

  it('throws the [Detail] lines without their prefix and shows them in a toast', async () => {
    answer = () => apiAnswer(400, {}, ['[Title] Validation failed', '[Detail] login is required']);
    const error = await apiRequest('/user/save', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('login is required');
    expect(toastStore.getSnapshot()[0]).toMatchObject({ type: 'error', message: 'login is required' });
  });

  it('takes the pair another tab renewed instead of spending the old refresh token again', async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ id: 1, authToken: tokenB, refreshToken: 'refresh-2' }),
    );
    await expect(renewSession()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
    expect(sessionStore.getSnapshot().authData?.refreshToken).toBe('refresh-2');
  });
});
