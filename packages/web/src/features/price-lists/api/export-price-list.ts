import { renewSession } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

export type TListKind = 'pricelist' | 'partlist';

function fetchSheet(url: string): Promise<Response> {
  const token = sessionStore.getSnapshot().authData?.authToken;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(url, { headers });
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
 * GET /api/prices/export/{pricelist|partlist}/{id}?language=xx with the bearer token, saved
 * through a link click (a plain link cannot carry the token). Returns the file name.
 */
export async function exportPriceList(id: number, kind: TListKind, fallbackName: string): Promise<string> {
  const url = `api/prices/export/${kind}/${id}?language=${encodeURIComponent(i18n.language.slice(0, 2))}`;
  let response: Response;
  try {
    response = await fetchSheet(url);
    if (response.status === 401 && (await renewSession())) response = await fetchSheet(url);
  } catch {
    throw new ApiError(0, [], i18n.t('errors.unreachable'));
  }
  if (!response.ok) throw new ApiError(response.status, [], i18n.t('errors.requestFailed'));
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), `${fallbackName}.xlsx`);
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
