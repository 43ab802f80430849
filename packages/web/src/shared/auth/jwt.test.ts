import { describe, expect, it } from 'vitest';
import { readClaims } from './jwt.ts';

function segment(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function token(claims: object): string {
  return `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment(claims)}.signature`;
}

const claims = {
  sub: '7',
  sid: 'sign-in-1',
  login: 'jürgen',
  roles: ['partnerrole'],
  companyId: 3,
  permissions: ['usermanagement.read'],
  iat: 1_700_000_000,
  exp: 1_700_000_900,
};

describe('readClaims', () => {
  it('reads the claims of a portal token, non-ASCII logins included', () => {
    expect(readClaims(token(claims))).toEqual(claims);
  });

  it('reads the self-care permissions text', () => {
    expect(readClaims(token({ ...claims, permissions: 'selfcare' }))?.permissions).toBe('selfcare');
  });

  it('refuses claims that do not match the contract', () => {
    expect(readClaims(token({ ...claims, exp: 'soon' }))).toBeNull();
    expect(readClaims(token({ ...claims, sub: 'admin' }))).toBeNull();
    const { login: _login, ...withoutLogin } = claims;
    expect(readClaims(token(withoutLogin))).toBeNull();
  });

  it('refuses text that is not a JWT', () => {
    expect(readClaims('not-a-token')).toBeNull();
    expect(readClaims('a.%%%.c')).toBeNull();
    expect(readClaims('')).toBeNull();
  });
});
