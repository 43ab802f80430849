import { MIN_DATE, ZEnvelope, ZEnvironment } from '@portal/contract';
import { i18n } from '../i18n/i18n.ts';
import { toast } from '../toast/toast-store.ts';
import { typedRequest } from './typed-request.ts';

/** Spec 8: the answer counts only with responseCode 200, so the schema keeps it. */
const ZEnvironmentAnswer = ZEnvelope.extend(ZEnvironment.shape);

let environment: ReadonlyMap<string, string> = new Map();

/** A value of GET /info/env (spec 9), e.g. "defaultMinDate"; undefined before start-up or if absent. */
export function envValue(key: string): string | undefined {
  return environment.get(key);
}

/** The default minimum date the server uses for "never signed in". */
export function defaultMinDate(): string {
  return environment.get('defaultMinDate') ?? MIN_DATE;
}

/**
 * GET /api/info/env at start-up. Without a 200 answer the server is unreachable or broken:
 * spec 8 asks for one toast telling the person to refresh.
 */
export async function loadEnvironment(): Promise<boolean> {
  try {
    const answer = await typedRequest('/info/env', ZEnvironmentAnswer, { method: 'GET', toastErrors: false });
    if (answer.responseCode !== 200) throw new Error('unexpected responseCode');
    environment = new Map(answer.environment.map((entry) => [entry.key, entry.value]));
    return true;
  } catch {
    toast.error(i18n.t('errors.serverUnreachable'));
    return false;
  }
}
