import { ZUser } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toast } from '../toast/toast-store.ts';
import { ResponseShapeError, typedRequest } from './typed-request.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser.pick({ id: true, login: true })) });

function answer(payload: object): Response {
  return new Response(JSON.stringify({ responseCode: 200, errorMessages: [], ...payload }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('typedRequest', () => {
  let reply: Response;

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers the payload as the schema reads it', async () => {
    reply = answer({ userInfos: [{ id: 4, login: 'ann', extra: true }] });
    await expect(typedRequest('/user/find', ZAnswer, { body: {} })).resolves.toEqual({
      userInfos: [{ id: 4, login: 'ann' }],
    });
  });

  it('throws ResponseShapeError naming the fields that differ, with one toast', async () => {
    reply = answer({ userInfos: [{ id: 'four', login: 'ann' }] });
    const error = await typedRequest('/user/find', ZAnswer, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues[0]).toMatch(/^userInfos\.0\.id: /);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller shows errors itself', async () => {
    reply = answer({});
    await expect(typedRequest('/user/find', ZAnswer, { body: {}, toastErrors: false })).rejects.toThrow(
      ResponseShapeError,
    );
    expect(toast.error).not.toHaveBeenCalled();
  });
});
