import type { TUser } from '@portal/contract';
import { MIN_DATE } from '@portal/contract';

function sameInstant(a: string, b: string): boolean {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

/** Spec 4: e-mail activated when lastLogin differs from the minimum date AND registration is complete. */
export function isEmailActivated(
  user: Pick<TUser, 'lastLogin' | 'registrationCompleted'>,
  minDate = MIN_DATE,
): boolean {
  return !sameInstant(user.lastLogin, minDate) && user.registrationCompleted;
}
