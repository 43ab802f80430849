import type { TUser } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { seatsAfterApproval } from './licence-seats.ts';

const licence = (id: number, used: number, max: number) => ({
  licenseInfoId: id,
  licenseCode: `L${id}`,
  licenseType: null,
  licenseDescription: null,
  licenseValidUntil: null,
  maxNumberOfUsers: max,
  currentNumberOfUsers: used,
  accountManager: null,
  licenseStatus: null,
  active: true,
  licenseClaims: [],
  validCheck: null,
  validCheckDate: null,
});
const user = (active: boolean, licenseInfo: TUser['licenseInfo']) => ({ active, licenseInfo }) as TUser;

describe('seatsAfterApproval', () => {
  it('counts the inactive users each licence would take, and says when that is too many', () => {
    const seats = seatsAfterApproval([
      user(false, licence(1, 4, 5)),
      user(false, licence(1, 4, 5)),
      user(true, licence(1, 4, 5)),
      user(false, licence(2, 0, 10)),
      user(false, null),
    ]);
    expect(seats).toEqual([
      { code: 'L1', used: 4, max: 5, adding: 2, over: true },
      { code: 'L2', used: 0, max: 10, adding: 1, over: false },
    ]);
  });

  it('is empty when nobody is approved or nobody has a licence', () => {
    expect(seatsAfterApproval([user(true, licence(1, 1, 1)), user(false, null)])).toEqual([]);
  });
});
