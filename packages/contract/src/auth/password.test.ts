import { describe, expect, it } from 'vitest';
import { generatePassword, isStrongPassword } from './password.ts';
import { userKind } from './permissions.ts';

describe('generatePassword', () => {
  it('makes 10 characters with a lowercase, an uppercase, a digit and a symbol, every time', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(10);
      expect(isStrongPassword(password)).toBe(true);
    }
  });

  it('does not repeat itself', () => {
    expect(new Set(Array.from({ length: 200 }, () => generatePassword())).size).toBe(200);
  });
});

describe('userKind', () => {
  it('matches role names ignoring case, first match wins', () => {
    expect(userKind(['UserRole', 'AdminRole'])).toBe('admin');
    expect(userKind(['partneruserrole'])).toBe('companyUser');
    expect(userKind(['PARTNERROLE', 'userrole'])).toBe('partner');
    expect(userKind(['something'])).toBeUndefined();
  });
});
