import { ALL_PERMISSIONS, ZAuthClaims, ZSignIn, ZUser } from '@portal/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { sha512Hex } from '../shared/crypto/sha512.ts';
import { DEMO_PASSWORD, demoUsers, type TDemoUser } from './demo-users.ts';
import { answerUserCall, isMockToken, mintAuthToken, mockLogin, toPortalUser } from './mock-auth.ts';
import { createMockDatabase, type TMockItem } from './mock-database.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');

function demoAdmin(): TDemoUser {
  const [admin] = demoUsers();
  if (!admin) throw new Error('no demo admin');
  return admin;
}

function freshUsers(): TMockItem[] {
  return createMockDatabase().collection('users') ?? [];
}

function call(items: TMockItem[], path: string, method: string, token?: string, body?: unknown) {
  return answerUserCall(items, path, method, token ? `Bearer ${token}` : null, body, NOW);
}

function signIn(items: TMockItem[], username = 'admin') {
  const answer = mockLogin(items, { username, password: sha512Hex(DEMO_PASSWORD) }, NOW);
  return ZSignIn.parse(answer.body);
}

function messages(body: unknown): string[] {
  return (body as { errorMessages: string[] }).errorMessages;
}

describe('mock sign-in', () => {
  it('signs the admin in with the SHA-512 of the demo password, as the login form sends it', () => {
    const items = freshUsers();
    const answer = call(items, 'login', 'POST', undefined, {
      username: 'admin',
      password: sha512Hex(DEMO_PASSWORD),
    });
    expect(answer.status).toBe(200);
    const signedIn = ZSignIn.parse(answer.body);
    expect(signedIn.id).toBe(1);
    expect(signedIn.userInfos[0]).toMatchObject({
      login: 'admin',
      firstName: 'Ada',
      lastLogin: NOW.toISOString(),
    });
    const claims = ZAuthClaims.parse(decodeJwt(signedIn.authToken));
    expect(claims).toMatchObject({ sub: '1', login: 'admin', roles: ['adminrole'], companyId: null });
    expect(claims.permissions).toEqual([...ALL_PERMISSIONS]);
    expect(claims.exp - claims.iat).toBe(15 * 60);
    // The record keeps the tokens, so me and renew find the user by them.
    expect(items[0]).toMatchObject({ authToken: signedIn.authToken, refreshToken: signedIn.refreshToken });
  });

  it('gives the user and the guest content reading only', () => {
    const items = freshUsers();
    for (const [login, role] of [
      ['user', 'userrole'],
      ['guest', 'guestrole'],
    ] as const) {
      const claims = ZAuthClaims.parse(decodeJwt(signIn(items, login).authToken));
      expect(claims.roles).toEqual([role]);
      expect(claims.permissions).toEqual(['contentmanagement.read']);
    }
  });

  it('refuses a wrong password and an unknown user alike with 401 and the spec message', () => {
    for (const username of ['admin', 'nobody']) {
      const answer = mockLogin(freshUsers(), { username, password: sha512Hex('wrong') }, NOW);
      expect(answer.status).toBe(401);
      expect(messages(answer.body)).toContain('[Detail] The login detail is incorrect');
    }
  });

  it('refuses a body without a proper password hash with 400', () => {
    const answer = mockLogin(freshUsers(), { username: 'admin', password: 'demo' }, NOW);
    expect(answer.status).toBe(400);
    expect(messages(answer.body)[0]).toBe('[Title] Bad request');
    expect(mockLogin(freshUsers(), undefined, NOW).status).toBe(400);
  });
});

describe('me, renew and logout', () => {
  it('answers the signed-in user to me', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    const answer = call(items, 'me', 'GET', authToken);
    expect(answer.status).toBe(200);
    expect((answer.body as { userInfos: unknown[] }).userInfos).toEqual([
      ZUser.parse(toPortalUser(items[0] as never)),
    ]);
  });

  it('answers 401 to me without a known token', () => {
    expect(call(freshUsers(), 'me', 'GET').status).toBe(401);
    expect(call(freshUsers(), 'me', 'GET', 'not-a-token').status).toBe(401);
  });

  it('rotates the pair on renew with the refresh token, which then is spent', () => {
    const items = freshUsers();
    const first = signIn(items);
    const renewed = call(items, 'token-renew', 'GET', first.refreshToken);
    expect(renewed.status).toBe(200);
    const pair = renewed.body as { authToken: string; refreshToken: string };
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    expect(call(items, 'me', 'GET', pair.authToken).status).toBe(200);
    expect(call(items, 'token-renew', 'GET', first.refreshToken).status).toBe(401);
  });

  it('forgets the tokens on logout', () => {
    const items = freshUsers();
    const { authToken, refreshToken } = signIn(items);
    expect(call(items, 'logout', 'GET', authToken).status).toBe(200);
    expect(call(items, 'me', 'GET', authToken).status).toBe(401);
    expect(call(items, 'token-renew', 'GET', refreshToken).status).toBe(401);
    expect(call(items, 'logout', 'GET', authToken).status).toBe(401);
  });
});

describe('after a page reload (a fresh mock database)', () => {
  it('keeps an unexpired sign-in: me answers its user', () => {
    const { authToken } = signIn(freshUsers());
    const reloaded = freshUsers();
    expect(call(reloaded, 'me', 'GET', authToken).status).toBe(200);
  });

  it('refuses an expired mock token and a forged one for an unknown user', () => {
    const expired = mintAuthToken(demoAdmin(), Math.floor(NOW.getTime() / 1000) - 16 * 60);
    expect(call(freshUsers(), 'me', 'GET', expired).status).toBe(401);
    const stranger = mintAuthToken({ ...demoAdmin(), id: 99 }, Math.floor(NOW.getTime() / 1000));
    expect(call(freshUsers(), 'me', 'GET', stranger).status).toBe(401);
  });

  it('renews with a refresh token of the earlier page once, not after a renewal here', () => {
    const { refreshToken } = signIn(freshUsers());
    const reloaded = freshUsers();
    expect(call(reloaded, 'token-renew', 'GET', refreshToken).status).toBe(200);
    expect(call(reloaded, 'token-renew', 'GET', refreshToken).status).toBe(401);
  });

  it('refuses a signed-out sign-in in the page that signed it out', () => {
    const { authToken } = signIn(freshUsers());
    const reloaded = freshUsers();
    expect(call(reloaded, 'logout', 'GET', authToken).status).toBe(200);
    expect(call(reloaded, 'me', 'GET', authToken).status).toBe(401);
  });
});

describe('find', () => {
  it('lists the demo users as portal users to the admin', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    const answer = call(items, 'find', 'POST', authToken, {});
    expect(answer.status).toBe(200);
    const body = answer.body as { userInfos: unknown[]; totalCount: number };
    expect(body.totalCount).toBe(3);
    for (const user of body.userInfos) expect(() => ZUser.parse(user)).not.toThrow();
  });

  it('filters by ids, logins, roles, active and search, and pages', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    const logins = (body: unknown) => {
      const answer = call(items, 'find', 'POST', authToken, body);
      return (answer.body as { userInfos: Array<{ login: string }> }).userInfos.map((user) => user.login);
    };
    expect(logins({ ids: [2, 3] })).toEqual(['user', 'guest']);
    expect(logins({ logins: ['guest'] })).toEqual(['guest']);
    expect(logins({ roleIds: [1] })).toEqual(['admin']);
    expect(logins({ active: false })).toEqual([]);
    expect(logins({ search: 'OKAFOR' })).toEqual(['user']);
    expect(logins({ page: 2, pageSize: 2 })).toEqual(['guest']);
  });

  it('answers 403 to a user without usermanagement.read and 401 without a sign-in', () => {
    const items = freshUsers();
    const { authToken } = signIn(items, 'guest');
    expect(call(items, 'find', 'POST', authToken, {}).status).toBe(403);
    expect(call(items, 'find', 'POST', undefined, {}).status).toBe(401);
  });

  it('answers 400 to a bad filter', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    expect(call(items, 'find', 'POST', authToken, { ids: 'all' }).status).toBe(400);
  });
});

describe('a users collection changed through /api/mock/users', () => {
  it('still answers records with missing or odd fields in the contract shape', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    items.push({ id: 9, username: 'odd', roles: 'admin', firstname: 42, language: 'xx' });
    const answer = call(items, 'find', 'POST', authToken, { ids: [9] });
    expect(answer.status).toBe(200);
    const [odd] = (answer.body as { userInfos: unknown[] }).userInfos;
    expect(ZUser.parse(odd)).toMatchObject({ login: 'odd', roles: [], firstName: '', language: 'en' });
  });

  it('skips records that are not users (no numeric id or no username)', () => {
    const items = freshUsers();
    const { authToken } = signIn(items);
    items.push({ id: 'x', username: 'text-id' }, { id: 10 });
    const answer = call(items, 'find', 'POST', authToken, {});
    expect((answer.body as { totalCount: number }).totalCount).toBe(3);
  });
});

describe('other user calls', () => {
  it('answers 405 to a user call the mock does not serve, or with the wrong method', () => {
    const items = freshUsers();
    for (const [path, method] of [
      ['save', 'POST'],
      ['selfcare/activate', 'POST'],
      ['login', 'GET'],
      ['me', 'POST'],
    ] as const) {
      const answer = call(items, path, method);
      expect(answer.status).toBe(405);
      expect(messages(answer.body)[0]).toBe('[Title] Method not allowed');
    }
  });
});

describe('mock tokens', () => {
  it('tells a token this mock minted from any other', () => {
    expect(isMockToken(mintAuthToken(demoAdmin(), 1_000))).toBe(true);
    expect(isMockToken(undefined)).toBe(false);
    expect(isMockToken('abc')).toBe(false);
    expect(isMockToken('a.b!.c')).toBe(false);
    const server = `e30.${btoa(JSON.stringify({ sid: 'abc' }))}.sig`;
    expect(isMockToken(server)).toBe(false);
  });
});
