import { loadEnvironment } from '../shared/api/environment.ts';
import { loadCurrentUser, startSessionKeeping } from '../shared/api/session.ts';
import { sessionStore } from '../shared/auth/session-store.ts';
import { initI18n, loadLanguage } from '../shared/i18n/i18n.ts';
import { storedLanguage } from '../shared/i18n/languages.ts';
import { guardEntry } from './main-guard.ts';
import { isGuardedPath, preloadScreens } from './router.tsx';

/**
 * Start-up before the first render: languages, environment check, the user of a stored token,
 * then the guard on the address opened, so a signed-out visitor starts on sign-in.
 */
export async function bootstrap(): Promise<void> {
  const language = storedLanguage();
  initI18n(language);
  // The environment check leaves first: the screens' code below is some hundred files, and a
  // browser opens six connections to a host over HTTP/1.1, so a call sent after them waits for them.
  const environment = loadEnvironment();
  // With a stored session the screen asked for is most likely shown: fetch its code now. Without
  // one nothing signed-in is fetched, so a signed-out visit stays as light as the sign-in page.
  if (sessionStore.getSnapshot().authData) {
    const entry = new URL(window.location.hash.slice(1) || '/', 'http://portal.invalid/');
    if (isGuardedPath(entry.pathname)) preloadScreens(entry.pathname);
  }
  const [reachable] = await Promise.all([
    environment,
    // A language that fails to load leaves English on screen; it must not stop the start.
    loadLanguage(language).catch(() => undefined),
  ]);
  if (reachable) await loadCurrentUser();
  await guardEntry(isGuardedPath);
  startSessionKeeping();
}
