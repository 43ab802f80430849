// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha512Hex } from '../shared/crypto/sha512.ts';
import { DEMO_PASSWORD } from './demo-users.ts';
import { createMockBackend } from './mock-backend.ts';
import { mockHandlers } from './start-mock.ts';

/** A stand-in for the real server: 401 for /api/family/*, 200 with the path for anything else. */
let real: Server;
let api: string;
const reached: string[] = [];
const mock = setupServer();

beforeAll(async () => {
  real = createServer((request, response) => {
    reached.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const status = request.url?.startsWith('/api/family/') ? 401 : 200;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ responseCode: status, errorMessages: [], path: request.url }));
  });
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(real.address() as AddressInfo).port}/api/`;
  mock.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  mock.close();
  await new Promise((resolve) => real.close(resolve));
});

/** A fresh backend with no delay, wired as in the browser. */
async function freshMock() {
  const backend = createMockBackend();
  mock.resetHandlers(...mockHandlers(backend, api));
  const answer = await fetch(`${api}mock/commands/config`, {
    method: 'POST',
    body: JSON.stringify({ delay: 0 }),
  });
  expect(answer.status).toBe(204);
  return backend;
}

async function signInAsAdmin(): Promise<string> {
  const answer = await fetch(`${api}user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sha512Hex(DEMO_PASSWORD) }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { authToken: string }).authToken;
}

describe('the mock backend behind msw', () => {
  it('serves the users collection with the query filter, POST, PUT and DELETE', async () => {
    await freshMock();
    const list = await fetch(`${api}mock/users?username=^gu`);
    expect(await list.json()).toEqual([expect.objectContaining({ id: 3, username: 'guest' })]);
    const posted = await fetch(`${api}mock/users`, {
      method: 'POST',
      body: JSON.stringify({ username: 'new' }),
    });
    expect(posted.status).toBe(204);
    const put = await fetch(`${api}mock/users/4`, {
      method: 'PUT',
      body: JSON.stringify({ username: 'newer' }),
    });
    expect(put.status).toBe(204);
    expect(await (await fetch(`${api}mock/users/4`)).json()).toEqual({ id: 4, username: 'newer' });
    expect((await fetch(`${api}mock/users/4`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${api}mock/users/4`)).status).toBe(404);
  });

  it('answers its errors with the portal envelope', async () => {
    await freshMock();
    const answer = await fetch(`${api}mock/heroes`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      responseCode: 404,
      errorMessages: ['[Title] Collection not found', "[Detail] Collection 'heroes' not found"],
    });
    expect((await fetch(`${api}mock/users/1`, { method: 'PATCH', body: '{}' })).status).toBe(405);
    expect((await fetch(`${api}mock/users`, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await fetch(`${api}mock/commands/explode`, { method: 'POST' })).status).toBe(500);
  });

  it('resets the database with the resetDb command', async () => {
    await freshMock();
    await fetch(`${api}mock/users/1`, { method: 'DELETE' });
    expect((await fetch(`${api}mock/commands/resetDb`, { method: 'POST' })).status).toBe(204);
    expect(((await (await fetch(`${api}mock/users`)).json()) as unknown[]).length).toBe(3);
  });

  it('waits the configured delay, 500 ms by default', async () => {
    const backend = createMockBackend();
    mock.resetHandlers(...mockHandlers(backend, api));
    const started = Date.now();
    await fetch(`${api}mock/users/1`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('signs the admin in and answers me, find and logout from the users collection', async () => {
    await freshMock();
    const authToken = await signInAsAdmin();
    const headers = { authorization: `Bearer ${authToken}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${api}user/me`, { headers })).json()) as {
      userInfos: Array<{ login: string }>;
    };
    expect(me.userInfos[0]?.login).toBe('admin');
    const found = await fetch(`${api}user/find`, { method: 'POST', headers, body: '{}' });
    expect(((await found.json()) as { totalCount: number }).totalCount).toBe(3);
    expect((await fetch(`${api}user/logout`, { headers })).status).toBe(200);
    expect(reached.filter((line) => line.includes('/api/user/'))).toEqual([]);
  });

  it('passes other calls through to the real backend untouched', async () => {
    await freshMock();
    const answer = await fetch(`${api}info/env`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { path: string }).path).toBe('/api/info/env');
    const refused = await fetch(`${api}family/find`, {
      method: 'POST',
      headers: { authorization: 'Bearer server-token' },
    });
    expect(refused.status).toBe(401);
  });

  it("answers 403 where the real backend refuses the mock's sign-in, so the app keeps it", async () => {
    await freshMock();
    const authToken = await signInAsAdmin();
    const before = reached.length;
    const answer = await fetch(`${api}family/find`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authToken}` },
      body: '{}',
    });
    expect(reached.length).toBe(before + 1);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { errorMessages: string[] }).errorMessages[0]).toBe(
      '[Title] Not available in mock mode',
    );
    const passed = await fetch(`${api}terms/find`, { headers: { authorization: `Bearer ${authToken}` } });
    expect(passed.status).toBe(200);
  });
});
