import type { TGenericList } from '@portal/contract';
import { sessionStore } from '../auth/session-store.ts';

export const GENERIC_LIST_TIMEOUT_MS = 5000;
export const GENERIC_LIST_RETRIES = 3;
export const GENERIC_LIST_RETRY_DELAY_MS = 3000;

export type TGenericListError = 'Request timed out' | 'Invalid response code';
export type TGenericListResult = { listInfos: TGenericList[] } | { error: TGenericListError };

type TFetch = (input: string, init?: RequestInit) => Promise<Response>;

export type TGenericListOptions = {
  fetchImpl?: TFetch;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
};

const TIMED_OUT = Symbol('timed out');

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * GET /api/list/get/{code}/false (spec 7): 5 s time-out, 3 retries 3 s apart, accepted only with
 * responseCode 200. Time-outs and network failures are retried; an answer with another
 * responseCode is final, since asking again gives the same answer.
 */
export async function fetchGenericList(
  code: string,
  options: TGenericListOptions = {},
): Promise<TGenericListResult> {
  const {
    fetchImpl = (input, init) => fetch(input, init),
    timeoutMs = GENERIC_LIST_TIMEOUT_MS,
    retries = GENERIC_LIST_RETRIES,
    retryDelayMs = GENERIC_LIST_RETRY_DELAY_MS,
  } = options;
  const token = sessionStore.getSnapshot().authData?.authToken;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(TIMED_OUT);
      }, timeoutMs);
    });
    const call = (async () => {
      const response = await fetchImpl(`api/list/get/${encodeURIComponent(code)}/false`, {
        headers,
        signal: controller.signal,
      });
      return (await response.json()) as unknown;
    })();
    let body: unknown;
    try {
      body = await Promise.race([call, timeout]);
    } catch {
      body = TIMED_OUT;
    } finally {
      clearTimeout(timer);
      call.catch(() => undefined);
    }

    if (body !== TIMED_OUT) {
      const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (record.responseCode !== 200) return { error: 'Invalid response code' };
      return { listInfos: Array.isArray(record.listInfos) ? (record.listInfos as TGenericList[]) : [] };
    }
    if (attempt >= retries) return { error: 'Request timed out' };
    await sleep(retryDelayMs);
  }
}
