import { loadEnvironment } from '../shared/api/environment.ts';
import { loadCurrentUser, startSessionKeeping } from '../shared/api/session.ts';
import { initI18n, loadLanguage } from '../shared/i18n/i18n.ts';
import { storedLanguage } from '../shared/i18n/languages.ts';
import { guardEntry } from './main-guard.ts';
import { isGuardedPath } from './router.tsx';

/**
 * Start-up before the first render: languages, environment check, the user of a stored token,
 * then the guard on the address opened, so a signed-out visitor starts on sign-in.
 */
export async function bootstrap(): Promise<void> {
  const language = storedLanguage();
  initI18n(language);
  const [reachable] = await Promise.all([
    loadEnvironment(),
    // A language that fails to load leaves English on screen; it must not stop the start.
    loadLanguage(language).catch(() => undefined),
  ]);
  if (reachable) await loadCurrentUser();
  await guardEntry(isGuardedPath);
  startSessionKeeping();
}
