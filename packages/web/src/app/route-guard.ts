import { isEmailActivated } from '../shared/auth/email-activation.ts';
import type { TSession } from '../shared/auth/session-store.ts';
import { isSelfcareSession } from '../shared/auth/session-store.ts';

export type TGuardDecision =
  | { kind: 'allow' }
  | { kind: 'activate' }
  | { kind: 'logout'; reason: 'no-session' | 'no-user' | 'not-activated' };

/**
 * The main-layout guard of spec 2: a current user AND e-mail activation, else logout.
 * A self-care token is not a failure: that person is sent to finish activation instead.
 */
export function guardMainLayout(session: TSession, minDate?: string): TGuardDecision {
  if (!session.authData) return { kind: 'logout', reason: 'no-session' };
  if (isSelfcareSession(session)) return { kind: 'activate' };
  if (!session.user) return { kind: 'logout', reason: 'no-user' };
  if (!isEmailActivated(session.user, minDate)) return { kind: 'logout', reason: 'not-activated' };
  return { kind: 'allow' };
}
