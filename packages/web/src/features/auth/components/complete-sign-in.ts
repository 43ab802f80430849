import type { TUser } from '@portal/contract';
import { defaultMinDate } from '../../../shared/api/environment.ts';
import { beginSession, endSession } from '../../../shared/api/session.ts';
import { isEmailActivated } from '../../../shared/auth/email-activation.ts';
import { safeRedirect } from '../../../shared/auth/redirect.ts';
import { isSelfcareSession, sessionStore } from '../../../shared/auth/session-store.ts';

export type TSignInOutcome = { kind: 'navigate'; to: string } | { kind: 'not-activated' };

type TTokens = { id: number; authToken: string; refreshToken: string; userInfos?: TUser[] };

/**
 * After a successful login: store the session, then send a self-care user to activation, a user
 * with terms to accept to the terms page, and everyone else back where they came from.
 */
export async function completeSignIn(answer: TTokens, redirect: string | null): Promise<TSignInOutcome> {
  const user = answer.userInfos?.[0] ?? null;
  beginSession({ id: answer.id, authToken: answer.authToken, refreshToken: answer.refreshToken }, user);
  if (isSelfcareSession(sessionStore.getSnapshot())) return { kind: 'navigate', to: '/auth/activate' };
  if (!user || !isEmailActivated(user, defaultMinDate())) {
    await endSession();
    return { kind: 'not-activated' };
  }
  const target = safeRedirect(redirect);
  try {
    // Fetched only now: the sign-in page itself needs none of the terms code.
    const { fetchCurrentTerms } = await import('../api/current-terms.ts');
    const terms = await fetchCurrentTerms(false);
    if (terms && terms.termsId !== user.termsId) {
      return { kind: 'navigate', to: `/auth/terms?redirect=${encodeURIComponent(target)}` };
    }
  } catch {
    // A server without terms support (or a hiccup) must not block signing in.
  }
  return { kind: 'navigate', to: target };
}
