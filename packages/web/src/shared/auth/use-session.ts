import { useSyncExternalStore } from 'react';
import type { TSession } from './session-store.ts';
import { sessionStore } from './session-store.ts';

/** The current session, re-rendering on sign-in, renewal and sign-out. */
export function useSession(): TSession {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}
