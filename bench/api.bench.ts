/**
 * Throughput and latency of the hottest authenticated reads, on the embedded database.
 * Run: npm run bench, on PGlite; with TEST_DATABASE_URL=postgres://… on that server.
 * Writes bench/results/api-<database>-<date>.json. Local traffic only, bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { users } from '../packages/server/src/db/schema/index.ts';
import { startPortal } from '../packages/server/test/harness.ts';
import { sha512Hex } from '../packages/server/test/test-app.ts';

const ADMIN_PASSWORD = 'Bench-Passw0rd!';
const here = path.dirname(fileURLToPath(import.meta.url));

async function run(name: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  const summary = {
    name,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

const portal = await startPortal({ adminPassword: ADMIN_PASSWORD });
try {
  // A realistic page: 500 users to sort and page through.
  await portal.database.db.insert(users).values(
    Array.from({ length: 500 }, (_, i) => ({
      login: `bench-user-${String(i).padStart(3, '0')}`,
      passwordHash: 'not-a-real-hash',
      active: i % 7 !== 0,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `bench${i}@example.com`,
      companyId: 1,
    })),
  );
  const api = `${portal.url}api`;
  const login = (await (
    await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: sha512Hex(ADMIN_PASSWORD) }),
    })
  ).json()) as { authToken: string };
  const headers = { authorization: `Bearer ${login.authToken}`, 'content-type': 'application/json' };
  const results = [
    await run('GET /api/health', { url: `${api}/health` }),
    await run('GET /api/user/me', { url: `${api}/user/me`, headers }),
    await run('POST /api/user/find (page of 50 of 501)', {
      url: `${api}/user/find`,
      method: 'POST',
      headers,
      body: JSON.stringify({ page: 1, pageSize: 50, sort: [{ field: 'login', dir: 'asc' }] }),
    }),
    await run('POST /api/user/login (argon2id)', {
      url: `${api}/user/login`,
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: sha512Hex(ADMIN_PASSWORD) }),
    }),
  ];
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const file = path.join(here, 'results', `api-${database}-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ node: process.version, database, cores: os.cpus().length, results }, null, 2)}\n`,
  );
  console.log(`written to ${file}`);
} finally {
  await portal.close();
}
