import type { TUser } from '@portal/contract';
import { MIN_DATE } from '@portal/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../shared/list/list-export.ts';
import { userCsvColumns } from './users-csv.ts';

const t = ((key: string) => key) as TFunction;

const user = {
  login: 'anna',
  firstName: 'Anna',
  lastName: 'Öberg',
  email: 'anna@example.com',
  phone: null,
  companyName: null,
  company: { companyId: 1, companyName: 'Acme' },
  roles: [
    { roleId: 1, roleName: 'userrole' },
    { roleId: 2, roleName: 'partnerrole' },
    { roleId: 7, roleName: 'site-planners' },
  ],
  active: true,
  lastLogin: MIN_DATE,
  joinDate: '2026-01-02T03:04:05Z',
} as TUser;

describe('userCsvColumns', () => {
  it('writes one line per user, roles in words, with an empty last sign-in for someone who never signed in', () => {
    const [header, line] = toCsv([user], userCsvColumns(t)).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'user.login,user.firstName,user.lastName,user.email,user.phone,user.company,user.roles,user.active,user.lastLogin,user.joinDate',
    );
    expect(line).toBe(
      'anna,Anna,Öberg,anna@example.com,,Acme,"roleNames.userrole.name, roleNames.partnerrole.name, site-planners",true,,2026-01-02T03:04:05Z',
    );
  });

  it('keeps a real last sign-in', () => {
    const csv = toCsv([{ ...user, lastLogin: '2026-11-20T10:00:00Z' }], userCsvColumns(t));
    expect(csv).toContain(',true,2026-11-20T10:00:00Z,');
  });
});
