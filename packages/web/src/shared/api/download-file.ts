import { sessionStore } from '../auth/session-store.ts';
import { i18n } from '../i18n/i18n.ts';
import { renewSession } from './api-client.ts';
import { ApiError, readErrorDetails } from './api-error.ts';
import { readXsrfToken, XSRF_HEADER } from './csrf.ts';

/** GETs `url`, or POSTs `body` as JSON to it (with the XSRF header), with the bearer token. */
function fetchWithToken(url: string, body?: unknown): Promise<Response> {
  const token = sessionStore.getSnapshot().authData?.authToken;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body === undefined) return fetch(url, { headers });
  headers['Content-Type'] = 'application/json';
  const xsrf = readXsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
}

/** The error of a refused download: the envelope's messages and details when it sent one. */
async function errorOf(response: Response): Promise<ApiError> {
  let messages: string[] = [];
  let details: unknown;
  try {
    const json = (await response.json()) as { errorMessages?: unknown; errorDetails?: unknown };
    if (Array.isArray(json.errorMessages))
      messages = json.errorMessages.filter((m): m is string => typeof m === 'string');
    details = json.errorDetails;
  } catch {
    // Not JSON: the status alone says what failed.
  }
  return new ApiError(response.status, messages, i18n.t('errors.requestFailed'), readErrorDetails(details));
}

/** The file name of a Content-Disposition answer (`filename*=UTF-8''…` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name: the plain one below, or the fallback.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * GETs `url` (relative to the app, e.g. `api/…`), or POSTs `body` to it, with the bearer token,
 * renewing the sign-in once on 401, and saves the answer through a link click (a plain link cannot
 * carry the token), named as its Content-Disposition says or `fallbackName`. Returns the file name.
 */
export async function downloadFile(url: string, fallbackName: string, body?: unknown): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithToken(url, body);
    if (response.status === 401 && (await renewSession())) response = await fetchWithToken(url, body);
  } catch {
    throw new ApiError(0, [], i18n.t('errors.unreachable'));
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers save nothing.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
