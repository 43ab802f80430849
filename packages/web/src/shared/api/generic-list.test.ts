import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchGenericList } from './generic-list.ts';

const list = { listId: 1, listCode: 'unitlist', listDescription: null, listItems: [], active: true };

function answer(body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** A fetch that never answers, but rejects when aborted like the real one. */
function hanging(_input: string, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

describe('fetchGenericList', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('returns the lists of a 200 answer from /api/list/get/{code}/false', async () => {
    const fetchImpl = vi.fn(() => answer({ responseCode: 200, errorMessages: [], listInfos: [list] }));
    await expect(fetchGenericList('unitlist', { fetchImpl })).resolves.toEqual({ listInfos: [list] });
    expect(fetchImpl).toHaveBeenCalledWith('api/list/get/unitlist/false', expect.any(Object));
  });

  it('answers "Invalid response code" when responseCode is not 200', async () => {
    const fetchImpl = vi.fn(() => answer({ responseCode: 404, errorMessages: ['[Title] Not found'] }));
    await expect(fetchGenericList('nolist', { fetchImpl })).resolves.toEqual({
      error: 'Invalid response code',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('times out after 5 s, retries 3 times 3 s apart, then answers "Request timed out"', async () => {
    const fetchImpl = vi.fn(hanging);
    const result = fetchGenericList('unitlist', { fetchImpl });
    let settled = false;
    void result.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    // Two more attempts of 5 s each with 3 s pauses, the last one failing at 4 * 5 s + 3 * 3 s.
    await vi.advanceTimersByTimeAsync(5000 + 3000 + 5000 + 3000 + 4999);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ error: 'Request timed out' });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('succeeds on a retry after a time-out', async () => {
    let calls = 0;
    const fetchImpl = vi.fn((input: string, init?: RequestInit) =>
      ++calls === 1
        ? hanging(input, init)
        : answer({ responseCode: 200, errorMessages: [], listInfos: [list] }),
    );
    const result = fetchGenericList('unitlist', { fetchImpl });
    await vi.advanceTimersByTimeAsync(5000 + 3000);
    await expect(result).resolves.toEqual({ listInfos: [list] });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('retries a network failure like a time-out', async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = fetchGenericList('unitlist', { fetchImpl });
    await vi.advanceTimersByTimeAsync(3 * 3000);
    await expect(result).resolves.toEqual({ error: 'Request timed out' });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });
});
