import type { TPermission } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, menuKeyForPath, visibleMenuEntries } from './menu-entries.tsx';

describe('visibleMenuEntries', () => {
  it('lists every screen of the portal for a token with every permission', () => {
    expect(visibleMenuEntries(MENU_ENTRIES, () => true).map((e) => e.key)).toEqual([
      'home',
      'families',
      'approvals',
      'scenarios',
      'placementRules',
      'priceLists',
      'parameterLists',
      'lists',
      'categories',
      'notifications',
      'companies',
      'customers',
      'terms',
      'licences',
      'tokens',
      'users',
      'roles',
      'statistics',
      'activity',
    ]);
  });

  it('shows a partner "Requests" for the approvals screen, and an admin "Approvals" only', () => {
    const partner = new Set<TPermission>(['contentmanagement.read', 'contentmanagement.update']);
    const partnerEntries = visibleMenuEntries(MENU_ENTRIES, (p) => partner.has(p));
    expect(partnerEntries.filter((e) => e.path === '/approvals').map((e) => e.key)).toEqual(['requests']);
    expect(menuKeyForPath(partnerEntries, '/approvals')).toBe('requests');
    const adminEntries = visibleMenuEntries(MENU_ENTRIES, () => true);
    expect(adminEntries.filter((e) => e.path === '/approvals').map((e) => e.key)).toEqual(['approvals']);
    const reader = visibleMenuEntries(MENU_ENTRIES, (p) => p === 'contentmanagement.read');
    expect(reader.filter((e) => e.path === '/approvals')).toEqual([]);
  });

  it('hides areas whose read permission the token lacks', () => {
    const granted = new Set<TPermission>(['contentmanagement.read']);
    const keys = visibleMenuEntries(MENU_ENTRIES, (p) => granted.has(p)).map((e) => e.key);
    expect(keys).toContain('home');
    expect(keys).toContain('families');
    expect(keys).not.toContain('users');
    expect(keys).not.toContain('roles');
    expect(keys).not.toContain('companies');
    expect(keys).not.toContain('customers');
  });

  it('offers home, families, approvals (requests for partners), scenarios, placement rules, price lists, parameter lists, lists, categories, notifications, companies, customers, terms, licences, API tokens, users and roles as available now', () => {
    expect(MENU_ENTRIES.filter((e) => e.available).map((e) => e.key)).toEqual([
      'home',
      'families',
      'approvals',
      'requests',
      'scenarios',
      'placementRules',
      'priceLists',
      'parameterLists',
      'lists',
      'categories',
      'notifications',
      'companies',
      'customers',
      'terms',
      'licences',
      'tokens',
      'users',
      'roles',
      'statistics',
      'activity',
    ]);
  });

  it('puts the pending requests badge on the approvals inbox only', () => {
    expect(MENU_ENTRIES.filter((e) => e.badge).map((e) => [e.key, e.badge])).toEqual([
      ['approvals', 'pendingFamilies'],
    ]);
  });
});

describe('menuKeyForPath', () => {
  it('selects the area of a path', () => {
    expect(menuKeyForPath(MENU_ENTRIES, '/users')).toBe('users');
    expect(menuKeyForPath(MENU_ENTRIES, '/roles/3')).toBe('roles');
    expect(menuKeyForPath(MENU_ENTRIES, '/')).toBe('home');
    expect(menuKeyForPath(MENU_ENTRIES, '/families/12/edit')).toBe('families');
    expect(menuKeyForPath(MENU_ENTRIES, '/families/new')).toBe('families');
    expect(menuKeyForPath(MENU_ENTRIES, '/categories')).toBe('categories');
    expect(menuKeyForPath(MENU_ENTRIES, '/customers')).toBe('customers');
  });
});
