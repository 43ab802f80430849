import type { TUser } from '@portal/contract';
import { MIN_DATE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { TSession } from '../shared/auth/session-store.ts';
import { loginPathFor, safeRedirect } from '../shared/auth/redirect.ts';
import { guardMainLayout } from './route-guard.ts';

const user = {
  id: 1,
  login: 'admin',
  lastLogin: '2030-01-01T10:00:00Z',
  registrationCompleted: true,
} as TUser;

const authData = { id: 1, authToken: 'a.b.c', refreshToken: 'r' };

function session(partial: Partial<TSession>): TSession {
  return {
    authData,
    claims: {
      sub: '1',
      sid: 's',
      login: 'admin',
      roles: [],
      companyId: null,
      permissions: [],
      iat: 0,
      exp: 0,
    },
    user,
    ...partial,
  };
}

describe('guardMainLayout', () => {
  it('allows a current, e-mail-activated user', () => {
    expect(guardMainLayout(session({}))).toEqual({ kind: 'allow' });
  });

  it('logs out without a stored session', () => {
    expect(guardMainLayout(session({ authData: null, claims: null, user: null }))).toEqual({
      kind: 'logout',
      reason: 'no-session',
    });
  });

  it('logs out when the user lookup gave no user', () => {
    expect(guardMainLayout(session({ user: null }))).toEqual({ kind: 'logout', reason: 'no-user' });
  });

  it('logs out a user who never completed a sign-in (lastLogin is the minimum date)', () => {
    expect(guardMainLayout(session({ user: { ...user, lastLogin: MIN_DATE } }))).toEqual({
      kind: 'logout',
      reason: 'not-activated',
    });
    expect(guardMainLayout(session({ user: { ...user, lastLogin: '0001-01-01T00:00:00.000Z' } })).kind).toBe(
      'logout',
    );
  });

  it('logs out a user whose registration is not completed', () => {
    expect(guardMainLayout(session({ user: { ...user, registrationCompleted: false } })).kind).toBe('logout');
  });

  it('sends a self-care token to activation, in either claim form', () => {
    const claims = session({}).claims;
    if (!claims) throw new Error('claims expected');
    expect(guardMainLayout(session({ claims: { ...claims, permissions: 'selfcare' } }))).toEqual({
      kind: 'activate',
    });
    expect(
      guardMainLayout(session({ claims: { ...claims, permissions: ['selfcare'] }, user: null })),
    ).toEqual({
      kind: 'activate',
    });
  });

  it('honours a different minimum date from the environment', () => {
    const minDate = '1900-01-01T00:00:00Z';
    expect(guardMainLayout(session({ user: { ...user, lastLogin: minDate } }), minDate).kind).toBe('logout');
  });
});

describe('redirect flag', () => {
  it('keeps in-app paths and refuses others', () => {
    expect(safeRedirect('/users?page=2')).toBe('/users?page=2');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/auth/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('builds the login path with the redirect', () => {
    expect(loginPathFor('/users')).toBe('/auth/login?redirect=%2Fusers');
    expect(loginPathFor('/')).toBe('/auth/login');
  });
});
