import { type TFamilyBulkLine, ZFamilyBulkLine } from '@portal/contract';
import { expireSession, renewSession } from '../../../shared/api/api-client.ts';
import { ApiError, readErrorDetails } from '../../../shared/api/api-error.ts';
import { readXsrfToken, XSRF_HEADER } from '../../../shared/api/csrf.ts';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

export type TBulkSendOptions = {
  companyId?: number | null;
  signal?: AbortSignal;
  /** Bytes of the batch sent so far. */
  onProgress?: (loaded: number) => void;
  /** Each line of the answer, as it arrives. */
  onLine: (line: TFamilyBulkLine) => void;
};

/** How a batch ended: answered to its last line, or answered but not to the end (a dropped connection). */
export type TBulkSendOutcome = 'complete' | 'broken';

/** Reads the complete lines of an NDJSON text from `from` on; answers where the unread rest begins. */
export function readLines(text: string, from: number, onLine: (line: TFamilyBulkLine) => void): number {
  let start = from;
  for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (!raw) continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      // Not a line of ours (a proxy's page cut in): the files it would name are sent again.
      continue;
    }
    const parsed = ZFamilyBulkLine.safeParse(json);
    if (parsed.success) onLine(parsed.data);
  }
  return start;
}

type TRaw = { status: number; text: string; read: number; summary: boolean };

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function send(files: readonly File[], options: TBulkSendOptions): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const query = options.companyId ? `?companyId=${options.companyId}` : '';
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `api/family/bulk${query}`);
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');
    const token = sessionStore.getSnapshot().authData?.authToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readXsrfToken();
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    let read = 0;
    let summary = false;
    const lines = () => {
      if (xhr.status !== 200) return;
      read = readLines(xhr.responseText, read, (line) => {
        if (line.kind === 'summary') summary = true;
        options.onLine(line);
      });
    };
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    // The answer streams: each file's line is shown as soon as it arrives.
    xhr.onprogress = lines;
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      lines();
      resolve({ status: xhr.status, text: xhr.responseText, read, summary });
    };
    xhr.onerror = () => {
      settle();
      // A connection dropped halfway: what was answered stays answered.
      lines();
      resolve({ status: 0, text: '', read, summary: false });
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST /api/family/bulk with a batch of files: reports upload progress and each answered line as it
 * arrives. Answers 'complete' when the summary line came, 'broken' when the connection dropped or
 * the answer broke off (send the unanswered files again). A refusal of the whole request (401 after
 * a renewal, 403, 404 of the company, 400) is thrown as ApiError; a cancel as an AbortError.
 */
export async function sendFamilyBatch(
  files: readonly File[],
  options: TBulkSendOptions,
): Promise<TBulkSendOutcome> {
  let answer = await send(files, options);
  if (answer.status === 401 && sessionStore.getSnapshot().authData) {
    if (await renewSession()) answer = await send(files, options);
    if (answer.status === 401) {
      expireSession();
      throw new ApiError(401, [], i18n.t('auth.sessionExpired'));
    }
  }
  if (answer.status === 0) return 'broken';
  if (answer.status !== 200) {
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      // A proxy's page: the status alone says it.
    }
    // A gateway that gave up, or a server restarting: worth another try.
    if (answer.status >= 500) return 'broken';
    const messages = Array.isArray(body?.errorMessages)
      ? body.errorMessages.filter((m): m is string => typeof m === 'string')
      : [];
    throw new ApiError(
      answer.status,
      messages,
      i18n.t('errors.requestFailed'),
      readErrorDetails(body?.errorDetails),
    );
  }
  return answer.summary ? 'complete' : 'broken';
}
