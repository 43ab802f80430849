import type { z } from 'zod';
import { sessionStore } from '../auth/session-store.ts';
import { i18n } from '../i18n/i18n.ts';
import { expireSession, renewSession } from './api-client.ts';
import { ApiError, readErrorDetails } from './api-error.ts';
import { readXsrfToken, XSRF_HEADER } from './csrf.ts';

export type TUploadProgress = { loaded: number; total: number };

export type TUploadOptions = {
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
};

type TRawAnswer = { status: number; body: Record<string, unknown> | null };

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

// fetch cannot report upload progress; XMLHttpRequest's upload.onprogress can.
function send(url: string, file: File, options: TUploadOptions): Promise<TRawAnswer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.getSnapshot().authData?.authToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readXsrfToken();
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, [], i18n.t('errors.unreachable')));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Streams one file as multipart field `file` to an API route, reporting upload progress, and
 * reads the answer through its contract schema. A 401 renews the session and sends once more,
 * like the API client; a failure is thrown as ApiError (with the server's keyed details), a
 * cancel as an AbortError. Nothing is toasted: the caller decides how to show it.
 */
export async function uploadFile<S extends z.ZodType>(
  url: string,
  file: File,
  schema: S,
  options: TUploadOptions = {},
): Promise<z.infer<S>> {
  let answer = await send(url, file, options);
  if (answer.status === 401 && sessionStore.getSnapshot().authData) {
    if (await renewSession()) answer = await send(url, file, options);
    if (answer.status === 401) {
      expireSession();
      throw new ApiError(401, [], i18n.t('auth.sessionExpired'));
    }
  }
  if (answer.status < 200 || answer.status >= 300) {
    const messages = Array.isArray(answer.body?.errorMessages)
      ? answer.body.errorMessages.filter((m): m is string => typeof m === 'string')
      : [];
    throw new ApiError(
      answer.status,
      messages,
      i18n.t('errors.requestFailed'),
      readErrorDetails(answer.body?.errorDetails),
    );
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${url}:`, parsed.error.issues.slice(0, 5));
    throw new ApiError(answer.status, [], i18n.t('errors.unexpectedAnswer'));
  }
  return parsed.data;
}
