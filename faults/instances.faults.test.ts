/**
 * Two portal instances behind nginx (deploy/nginx.conf) on one private PostgreSQL cluster and
 * s3rver: a sign-in made on one works on the other, a file stored through one is served by both,
 * limits and lockouts count across both, and an instance killed with SIGKILL under a mixed load
 * loses no acknowledged write while the clients carry on through the other.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TS3rver } from '../packages/server/test/s3rver.ts';
import {
  bearer,
  call,
  checkWrites,
  loadDuring,
  percentile,
  proved,
  savedTitles,
  sha512,
  signIn,
  statusLine,
} from './support/client.ts';
import {
  removeAll,
  root,
  startCluster,
  startNginx,
  startPortal,
  tempFolder,
  type TCluster,
  type TNginx,
  type TPortal,
} from './support/processes.ts';

const FAMILY = path.join(root, 'packages/server/test/fixtures/rfa/family-2024.rfa');

describe('two instances behind nginx', () => {
  let cluster: TCluster;
  let s3: TS3rver;
  let nginx: TNginx;
  let a: TPortal;
  let b: TPortal;

  beforeAll(async () => {
    cluster = await startCluster();
    s3 = await startS3rver();
    const databaseUrl = await cluster.createDatabase('instances');
    const env = () => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempFolder('instance'),
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES: '19',
      LOGIN_FAILURE_DELAY_MS: '1',
    });
    // Both at once on a new database: one migrates under the advisory lock, the other waits.
    [a, b] = await Promise.all([startPortal(env()), startPortal(env())]);
    nginx = await startNginx([a.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await s3?.stop();
    await cluster?.destroy();
    removeAll();
  }, 60_000);

  it('signs in through one, works through the other, and serves a stored file from either', async () => {
    const token = await signIn(a.url);
    const file = await fs.readFile(FAMILY);
    const saved = await call(
      b.url,
      '/family/save',
      {
        revitFamilyInfos: [
          {
            revitFamilyName: 'Faults damper',
            revitFamilyFileName: 'family-2024.rfa',
            revitFamilyFileBase64: file.toString('base64'),
          },
        ],
      },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    const familyId = (saved.json.revitFamilyInfos as { revitFamilyId: number }[])[0]!.revitFamilyId;
    for (const instance of [a, b, { url: nginx.url }]) {
      const response = await fetch(`${instance.url}/api/family/download/content/${familyId}`, {
        headers: bearer(token),
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
    }
    proved(
      'a sign-in made on instance A is accepted by B; a family saved through B into S3 downloads byte-identical from A, B and nginx',
    );
  });

  it('counts the sign-in limits and the lockout across both instances', async () => {
    // A person of its own, so the lockout touches nothing else.
    const admin = await signIn(a.url);
    const roles = await call(a.url, '/role/find', {}, bearer(admin));
    const userRole = (roles.json.roleInfos as { roleId: number; roleName: string }[]).find(
      (r) => r.roleName === 'userrole',
    )!;
    const login = `locked_${Date.now()}`;
    const created = await call(
      a.url,
      '/user/save',
      {
        userInfos: [
          {
            login,
            passwordHash: sha512('Right-Passw0rd!'),
            firstName: 'Lock',
            lastName: 'Test',
            email: `${login}@example.com`,
            registrationCompleted: true,
            roles: [{ roleId: userRole.roleId }],
          },
        ],
      },
      bearer(admin),
    );
    expect(created.status).toBe(200);
    // 19 wrong guesses (LOGIN_MAX_FAILURES) spread over A and B, each from its own address.
    for (let guess = 0; guess < 19; guess++) {
      const answer = await call(
        guess % 2 ? b.url : a.url,
        '/user/login',
        { username: login, password: sha512(`wrong-${guess}`) },
        { 'x-forwarded-for': `10.1.0.${guess + 1}` },
      );
      expect(answer.status).toBe(401);
    }
    // The 20th, with the right password, is refused on either: the lockout is one.
    for (const instance of [a, b]) {
      const answer = await call(
        instance.url,
        '/user/login',
        { username: login, password: sha512('Right-Passw0rd!') },
        { 'x-forwarded-for': '10.1.1.1' },
      );
      expect(answer.status).toBe(429);
    }
    proved('19 wrong guesses spread over A and B lock the login on both, as on one instance');

    // The per-address limit (30 sign-ins a minute): 30 spread over both pass to the check, the 31st is refused.
    const ip = '10.2.0.1';
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await call(
        attempt % 2 ? b.url : a.url,
        '/user/login',
        { username: `nobody_${attempt}`, password: sha512('x') },
        { 'x-forwarded-for': ip },
      );
      expect(answer.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const answer = await call(
        instance.url,
        '/user/login',
        { username: 'nobody', password: sha512('x') },
        { 'x-forwarded-for': ip },
      );
      expect(answer.status).toBe(429);
    }
    proved('30 sign-ins from one address spread over A and B use up its limit of 30 a minute on both');
  });

  it('loses no acknowledged write when one instance is killed with SIGKILL under load', async () => {
    const token = await signIn(nginx.url);
    const result = await loadDuring(
      { base: () => nginx.url, token, clients: 20, prefix: 'kill' },
      async () => {
        await sleep(3000);
        expect(await a.kill('SIGKILL')).toBe('SIGKILL');
        // The clients carry on through B for five more seconds.
        await sleep(5000);
      },
    );
    const after = await call(nginx.url, '/notification/find', { pageSize: 1 }, bearer(token));
    expect(after.status).toBe(200);
    const failed = [...result.statuses].filter(([status]) => status !== 200).reduce((n, [, c]) => n + c, 0);
    // Only requests in flight on A at the kill may fail (nginx never replays a POST that may have been taken).
    expect(failed).toBeLessThanOrEqual(20);
    expect([...result.statuses.keys()].every((s) => s === 200 || s === 502 || s === 0)).toBe(true);
    const line = checkWrites(result, await savedTitles(b.url, token, 'kill'));
    proved(
      `instance A killed by SIGKILL mid-load; ${result.writes} writes and ${result.reads} reads through nginx ` +
        `(${statusLine(result.statuses)}; p99 ${percentile(result.latenciesMs, 99)} ms): ${line}`,
    );
  });
});
