import { hasPermission, type TPermission } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { homeSectionsFor } from './home-sections.ts';

const sectionsOf = (permissions: string[]) =>
  homeSectionsFor((permission: TPermission) => hasPermission(permissions, permission));

describe('homeSectionsFor', () => {
  it('gives readers the search, the categories and the newest families', () => {
    expect(sectionsOf(['contentmanagement.read'])).toEqual(['search', 'categories', 'recentFamilies']);
  });

  it('gives contributors their company families and open requests, not the reader cards', () => {
    expect(
      sectionsOf(['contentmanagement.create', 'contentmanagement.read', 'contentmanagement.update']),
    ).toEqual(['companyFamilies', 'openRequests']);
  });

  it('leaves out the requests of a contributor who may not read them', () => {
    expect(sectionsOf(['contentmanagement.create', 'contentmanagement.read'])).toEqual(['companyFamilies']);
  });

  it('gives admins what waits for them, each card only with the permission its call needs', () => {
    const all = [
      'adminmanagement.update',
      'contentmanagement.read',
      'contentmanagement.update',
      'usermanagement.read',
      'partnermanagement.read',
    ];
    expect(sectionsOf(all)).toEqual([
      'pendingApprovals',
      'waitingUsers',
      'expiringLicences',
      'recentUploads',
    ]);
    expect(sectionsOf(['adminmanagement.update', 'usermanagement.read'])).toEqual(['waitingUsers']);
  });

  it('has no cards for a token without content or admin rights', () => {
    expect(sectionsOf(['usermanagement.read'])).toEqual([]);
    expect(sectionsOf([])).toEqual([]);
  });
});
