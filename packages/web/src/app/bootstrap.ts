import { loadEnvironment } from '../shared/api/environment.ts';
import { loadCurrentUser, startSessionKeeping } from '../shared/api/session.ts';
import { initI18n } from '../shared/i18n/i18n.ts';

/** Start-up before the first render: languages, environment check, then the user of a stored token. */
export async function bootstrap(): Promise<void> {
  initI18n();
  const reachable = await loadEnvironment();
  if (reachable) await loadCurrentUser();
  startSessionKeeping();
}
