import { bypass, delay, http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { i18n } from '../shared/i18n/i18n.ts';
import { answerUserCall, isMockToken } from './mock-auth.ts';
import { createMockBackend, type TMockBackend } from './mock-backend.ts';
import { mockError, type TMockResponse } from './mock-errors.ts';
import { mockTarget } from './mock-url.ts';

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the handlers answer 400 for a body that is not an object.
    return text;
  }
}

function reply({ status, body }: TMockResponse): Response {
  return body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
}

function bearerOf(request: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

/** The answer for a call the real server refused because it does not know the mock's sign-in. */
function notForMockSignIn(path: string): Response {
  return HttpResponse.json(
    {
      responseCode: 403,
      errorMessages: [
        '[Title] Not available in mock mode',
        `[Detail] ${path} is served by the real server, which does not accept a mock sign-in`,
      ],
    },
    { status: 403 },
  );
}

function showBanner(): void {
  const banner = document.createElement('div');
  banner.dataset.testid = 'mock-banner';
  banner.setAttribute('role', 'status');
  banner.style.cssText =
    'position:fixed;left:8px;bottom:8px;z-index:2000;padding:2px 8px;border-radius:4px;' +
    'background:#fa8c16;color:#000;font:12px/1.6 system-ui,sans-serif;pointer-events:none';
  const write = () => {
    banner.textContent = i18n.isInitialized ? i18n.t('mock.banner') : 'Mock mode';
  };
  write();
  i18n.on('languageChanged', write);
  i18n.on('loaded', write);
  document.body.append(banner);
}

/** The msw handlers over `backend`, for the API under `apiBase` (e.g. http://host/api/). */
export function mockHandlers(backend: TMockBackend, apiBase: string) {
  return [
    http.all(`${apiBase}mock/*`, async ({ request }) => {
      const target = mockTarget(request.url, apiBase);
      if (target?.kind !== 'collection') return undefined;
      const body = await jsonBody(request);
      if (target.collectionName.toLowerCase() !== 'commands') await delay(backend.config().delay);
      return reply(await backend.handle({ ...target, method: request.method, body }));
    }),
    http.all(`${apiBase}user/*`, async ({ request }) => {
      const target = mockTarget(request.url, apiBase);
      if (target?.kind !== 'user') return undefined;
      const body = await jsonBody(request);
      await backend.db.whenReady();
      await delay(backend.config().delay);
      const users = backend.db.collection('users') ?? [];
      const authorization = request.headers.get('authorization');
      try {
        return reply(answerUserCall(users, target.call, request.method, authorization, body, new Date()));
      } catch (error) {
        return reply(mockError('failure', error instanceof Error ? error.message : String(error)));
      }
    }),
    // Every other call passes through; one made with a mock sign-in that the server refuses with
    // 401 is answered 403 instead, since renewing at the mock cannot help and the app would
    // otherwise end the mock sign-in on the first screen that reads real data.
    http.all(`${apiBase}*`, async ({ request }) => {
      if (!isMockToken(bearerOf(request))) return undefined;
      const answer = await fetch(bypass(request));
      return answer.status === 401 ? notForMockSignIn(new URL(request.url).pathname) : answer;
    }),
  ];
}

/**
 * Starts the mock backend in a service worker (msw) before the app renders. Everything the mock
 * does not answer goes to the real backend untouched (`onUnhandledRequest: 'bypass'`).
 */
export async function startMockBackend(): Promise<void> {
  const apiBase = new URL('api/', document.baseURI).href;
  const worker = setupWorker(...mockHandlers(createMockBackend(), apiBase));
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).pathname },
  });
  showBanner();
}
