import type { TUser } from '@portal/contract';

/** One licence the approval draws on: seats in use, how many the approval adds, and whether that is too many. */
export type TLicenceSeats = { code: string; used: number; max: number; adding: number; over: boolean };

/** The licences that approving `users` (the inactive ones) takes seats from, each once. */
export function seatsAfterApproval(users: readonly TUser[]): TLicenceSeats[] {
  const byLicence = new Map<number, TLicenceSeats>();
  for (const user of users) {
    const licence = user.licenseInfo;
    if (user.active || !licence) continue;
    const seats = byLicence.get(licence.licenseInfoId) ?? {
      code: licence.licenseCode,
      used: licence.currentNumberOfUsers,
      max: licence.maxNumberOfUsers,
      adding: 0,
      over: false,
    };
    seats.adding += 1;
    seats.over = seats.used + seats.adding > seats.max;
    byLicence.set(licence.licenseInfoId, seats);
  }
  return [...byLicence.values()];
}
