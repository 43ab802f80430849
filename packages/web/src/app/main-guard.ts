import type { LoaderFunctionArgs } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { defaultMinDate } from '../shared/api/environment.ts';
import { endSession } from '../shared/api/session.ts';
import { sessionStore } from '../shared/auth/session-store.ts';
import { loginPathFor } from '../shared/auth/redirect.ts';
import { guardMainLayout } from './route-guard.ts';

/**
 * Where the guard sends a visitor of `path` (pathname and search): null lets them in; a failed
 * guard logs out and answers the sign-in path with the redirect flag back to `path`.
 */
async function guardTarget(path: string): Promise<string | null> {
  const decision = guardMainLayout(sessionStore.getSnapshot(), defaultMinDate());
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'activate':
      return '/auth/activate';
    case 'logout':
      await endSession();
      return loginPathFor(path);
  }
}

/** Loader of the main layout: applies the guard on every navigation into it. */
export async function mainLayoutLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const target = await guardTarget(`${url.pathname}${url.search}`);
  return target === null ? null : redirect(target);
}

/**
 * Applies the guard to the address the portal opens at, before the router exists. The router
 * starts every matched route's lazy() beside the loaders, so a signed-out visit to `/` left to
 * mainLayoutLoader would fetch the layout and the home screen while being sent to sign-in.
 * `isGuarded` says whether a pathname lies under the main layout.
 */
export async function guardEntry(isGuarded: (pathname: string) => boolean): Promise<void> {
  // The hash holds the route (hash router); an empty one is the root, like the router reads it.
  const entry = new URL(window.location.hash.slice(1) || '/', 'http://portal.invalid/');
  if (!isGuarded(entry.pathname)) return;
  const target = await guardTarget(`${entry.pathname}${entry.search}`);
  if (target !== null) window.history.replaceState(null, '', `#${target}`);
}
