import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPortal, type TPortalUnderTest, waitForHash } from '../support/browser.ts';

/**
 * A proxy in front of the portal that makes the server's users API unreachable: every request
 * under /api/user loses its connection, everything else is forwarded. (Playwright's page.route
 * cannot do this here: it sees neither the calls the mock's service worker answers nor the ones
 * it passes on, so a leak past the mock would go unnoticed.)
 */
async function startProxy(target: URL) {
  const refused: string[] = [];
  const forwarded: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (path.startsWith('/api/user')) {
      refused.push(`${incoming.method ?? ''} ${path}`);
      incoming.socket.destroy();
      return;
    }
    if (path.startsWith('/api/')) forwarded.push(`${incoming.method ?? ''} ${path}`);
    const upstream = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    refused,
    forwarded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fillLogin(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('mock mode', () => {
  let env: TPortalUnderTest;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    env = await openPortal();
    proxy = await startProxy(new URL(env.portal.url));
  });

  afterAll(async () => {
    await env?.close();
    await proxy?.close();
  });

  it('cannot sign in as the demo admin without mock mode while the users API is unreachable', async () => {
    const page = await env.newPage();
    await page.goto(`${proxy.url}#/auth/login`);
    await fillLogin(page, 'admin', 'demo');
    await page.locator('[data-testid=login-error]').waitFor();
    expect(proxy.refused).toContain('POST /api/user/login');
    await expect(page.locator('[data-testid=mock-banner]').count()).resolves.toBe(0);
  });

  it('signs in as the mock admin with the server users API unreachable, and stays signed in', async () => {
    proxy.refused.length = 0;
    proxy.forwarded.length = 0;
    const page = await env.newPage();
    await page.goto(`${proxy.url}?mock=1#/auth/login`);
    await page.locator('[data-testid=mock-banner]').waitFor();
    expect(await page.locator('[data-testid=mock-banner]').innerText()).toContain('Mock mode');

    await fillLogin(page, 'admin', 'demo');
    await page.locator('[data-testid=side-menu]').waitFor();
    await page.locator('[data-testid=welcome]', { hasText: 'Ada' }).waitFor();
    // The admin's menu: the mock's token carries every permission.
    await page.locator('[data-testid=side-menu]').getByText('Users', { exact: true }).waitFor();

    // The home screen's calls to the real server come back refused (it does not know the mock's
    // sign-in) without ending it.
    await page.waitForTimeout(2_000);
    expect(await page.evaluate(() => window.location.hash)).not.toMatch(/^#\/auth\//);
    await page.locator('[data-testid=welcome]').waitFor();

    // A reload keeps the mock sign-in (the mock answers /api/user/me again).
    await page.reload();
    await page.locator('[data-testid=welcome]', { hasText: 'Ada' }).waitFor();

    // Nothing under /api/user reached the server; other calls passed through to it.
    expect(proxy.refused).toEqual([]);
    expect(proxy.forwarded).toContain('GET /api/info/env');
  });

  it('serves the users collection at /api/mock/users to the page', async () => {
    const page = await env.newPage();
    await page.goto(`${proxy.url}?mock=1#/auth/login`);
    await page.locator('[data-testid=mock-banner]').waitFor();
    const answer = await page.evaluate(async () => {
      const response = await fetch('api/mock/users?username=^gu');
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ id: 3, username: 'guest', roles: [3] })]);
    await waitForHash(page, /^#\/auth\/login/);
  });
});
