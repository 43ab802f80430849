import type { LoaderFunctionArgs } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { defaultMinDate } from '../shared/api/environment.ts';
import { endSession } from '../shared/api/session.ts';
import { sessionStore } from '../shared/auth/session-store.ts';
import { loginPathFor } from '../shared/auth/redirect.ts';
import { guardMainLayout } from './route-guard.ts';

/** Loader of the main layout: applies the guard, logging out with the redirect flag on failure. */
export async function mainLayoutLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const decision = guardMainLayout(sessionStore.getSnapshot(), defaultMinDate());
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'activate':
      return redirect('/auth/activate');
    case 'logout': {
      await endSession();
      const url = new URL(request.url);
      return redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
  }
}
