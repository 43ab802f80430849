import type { TPermission } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, menuKeyForPath, visibleMenuEntries } from './menu-entries.tsx';

describe('visibleMenuEntries', () => {
  it('lists every screen of the portal for a token with every permission', () => {
    expect(visibleMenuEntries(MENU_ENTRIES, () => true).map((e) => e.key)).toEqual([
      'home',
      'families',
      'scenarios',
      'placementRules',
      'priceLists',
      'parameterLists',
      'lists',
      'categories',
      'notifications',
      'companies',
      'terms',
      'licences',
      'users',
      'roles',
      'statistics',
    ]);
  });

  it('hides areas whose read permission the token lacks', () => {
    const granted = new Set<TPermission>(['contentmanagement.read']);
    const keys = visibleMenuEntries(MENU_ENTRIES, (p) => granted.has(p)).map((e) => e.key);
    expect(keys).toContain('home');
    expect(keys).toContain('families');
    expect(keys).not.toContain('users');
    expect(keys).not.toContain('roles');
    expect(keys).not.toContain('companies');
  });

  it('offers only users and roles (and home) as available now', () => {
    expect(MENU_ENTRIES.filter((e) => e.available).map((e) => e.key)).toEqual(['home', 'users', 'roles']);
  });
});

describe('menuKeyForPath', () => {
  it('selects the area of a path', () => {
    expect(menuKeyForPath(MENU_ENTRIES, '/users')).toBe('users');
    expect(menuKeyForPath(MENU_ENTRIES, '/roles/3')).toBe('roles');
    expect(menuKeyForPath(MENU_ENTRIES, '/')).toBe('home');
  });
});
