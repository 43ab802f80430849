/**
 * One portal on a private PostgreSQL cluster (initdb and pg_ctl on a free port): 200 clients of
 * mixed reads and writes with nothing lost or doubled, a price-list import cut by SIGKILL leaving
 * the list wholly old or wholly new, and the database server restarted under load: /api/ready
 * answers 503 while it is down and the portal recovers by itself when it is back.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetRows, writeSheet } from '../bench/lib/prices-sheet.ts';
import {
  bearer,
  call,
  checkWrites,
  loadDuring,
  mixedLoad,
  percentile,
  proved,
  savedTitles,
  signIn,
  statusLine,
} from './support/client.ts';
import {
  removeAll,
  startCluster,
  startPortal,
  tempFolder,
  until,
  type TCluster,
  type TPortal,
} from './support/processes.ts';

/** How long the 200 clients run (the issue asks 60 s; FAULTS_LOAD_SECONDS shortens it for a quick look). */
const LOAD_SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
const OLD_ITEMS = 30_000;
const NEW_ITEMS = 40_000;

describe('one portal on a private PostgreSQL cluster', () => {
  let cluster: TCluster;
  let databaseUrl: string;
  let dataDir: string;
  let portal: TPortal;
  let sql: pg.Pool;

  const start = () => startPortal({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: '1' });

  beforeAll(async () => {
    cluster = await startCluster();
    databaseUrl = await cluster.createDatabase('faults');
    dataDir = tempFolder('postgres');
    portal = await start();
    sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    sql.on('error', () => undefined);
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await portal?.kill('SIGTERM');
    await cluster?.destroy();
    removeAll();
  }, 60_000);

  it(`serves 200 clients of mixed reads and writes for ${LOAD_SECONDS} s without a 5xx, losing or doubling nothing`, async () => {
    const token = await signIn(portal.url);
    const until = Date.now() + LOAD_SECONDS * 1000;
    const result = await mixedLoad({
      base: () => portal.url,
      token,
      clients: 200,
      prefix: 'load',
      stop: () => Date.now() > until,
    });
    expect(statusLine(result.statuses)).toBe(`200: ${result.reads + result.writes}`);
    const line = checkWrites(result, await savedTitles(portal.url, token, 'load'));
    expect(result.unknown.size).toBe(0);
    proved(
      `200 clients for ${LOAD_SECONDS} s: ${result.reads} reads and ${result.writes} writes, all 200 ` +
        `(p50 ${percentile(result.latenciesMs, 50)} ms, p99 ${percentile(result.latenciesMs, 99)} ms); ${line}`,
    );
  });

  it('leaves a price list wholly old or wholly new when the server is killed during its import', async () => {
    const token = await signIn(portal.url);
    const old = Array.from({ length: OLD_ITEMS }, (_, i) => ({ orderNumber: `OLD-${i}`, priceItemValue: 1 }));
    const saved = await call(
      portal.url,
      '/prices/save/pricelist',
      { priceListInfos: [{ priceListCode: `FAULTS-${Date.now()}`, priceItemInfos: old }] },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    const listId = (saved.json.priceListInfos as { priceListId: number }[])[0]!.priceListId;
    const file = path.join(tempFolder('sheet'), 'new.xlsx');
    await writeSheet(file, sheetRows(NEW_ITEMS));
    const sheet = new Blob([await fs.readFile(file)]);

    const outcomes: string[] = [];
    // Killed once the import holds its write lock on the items (mid-transaction), then at two moments before.
    for (const moment of ['writing', 'after 300 ms', 'after 900 ms'] as const) {
      const form = new FormData();
      form.append('file', sheet, 'new.xlsx');
      const importing = fetch(`${portal.url}/api/prices/import/pricelist/${listId}/upload`, {
        method: 'POST',
        headers: bearer(await signIn(portal.url)),
        body: form,
      }).then(
        (response) => response.status,
        () => 0,
      );
      if (moment === 'writing') {
        await until(
          'the import writing the items',
          async () => {
            const { rows } = await sql.query(
              `select 1 from pg_locks where relation = 'price_items'::regclass and mode = 'RowExclusiveLock' and granted`,
            );
            return rows.length > 0;
          },
          60_000,
          10,
        );
      } else await sleep(moment === 'after 300 ms' ? 300 : 900);
      expect(await portal.kill('SIGKILL')).toBe('SIGKILL');
      const answered = await importing;
      portal = await start();
      const { rows } = await sql.query<{ items: number; old: number }>(
        `select count(*)::int as items, (count(*) filter (where order_number like 'OLD-%'))::int as old
           from price_items where price_list_id = $1`,
        [listId],
      );
      const state =
        rows[0]!.items === OLD_ITEMS && rows[0]!.old === OLD_ITEMS
          ? 'old'
          : rows[0]!.items === NEW_ITEMS && rows[0]!.old === 0
            ? 'new'
            : `mixed (${rows[0]!.items} items, ${rows[0]!.old} old)`;
      expect(state === 'old' || state === 'new', state).toBe(true);
      // An import that answered 200 before the kill is wholly there.
      if (answered === 200) expect(state).toBe('new');
      // The list as the API reads it agrees with the rows.
      const got = await call(
        portal.url,
        `/prices/get/pricelist/${listId}`,
        { pageSize: 1 },
        bearer(await signIn(portal.url)),
      );
      expect(got.status).toBe(200);
      outcomes.push(`killed ${moment}: wholly ${state}`);
      if (state === 'new') break;
    }
    proved(`price-list import of ${NEW_ITEMS} rows over ${OLD_ITEMS} cut by SIGKILL: ${outcomes.join('; ')}`);
  });

  it('answers 503 from /api/ready while PostgreSQL is down and recovers by itself when it is back', async () => {
    const token = await signIn(portal.url);
    let down = 0;
    let back = 0;
    let recovered = 0;
    const result = await loadDuring(
      { base: () => portal.url, token, clients: 10, prefix: 'restart' },
      async () => {
        await sleep(1000);
        await cluster.stop();
        down = Date.now();
        await until(
          '/api/ready answering 503',
          async () => (await fetch(`${portal.url}/api/ready`)).status === 503,
          20_000,
        );
        const ready = await fetch(`${portal.url}/api/ready`);
        const body = (await ready.json()) as { errorDetails: { key: string; values: { parts: string } }[] };
        expect(body.errorDetails[0]?.key).toBe('notReady');
        expect(body.errorDetails[0]?.values.parts).toContain('database');
        expect((await fetch(`${portal.url}/api/health`)).status).toBe(200);
        await sleep(3000);
        await cluster.start();
        back = Date.now();
        await until(
          '/api/ready answering 200 again',
          async () => (await fetch(`${portal.url}/api/ready`)).status === 200,
          60_000,
        );
        recovered = Date.now() - back;
        // Writes go through again, without a restart of the portal.
        await until(
          'a write succeeding again',
          async () =>
            (
              await call(
                portal.url,
                '/notification/save',
                { notificationInfos: [{ notificationTitle: `after-restart-${Date.now()}` }] },
                bearer(token),
              )
            ).status === 200,
          30_000,
        );
        await sleep(2000);
      },
    );
    // While it is down requests answer 503 (the database does not answer), never a 500.
    expect(
      [...result.statuses.keys()].filter((status) => status !== 200 && status !== 503),
      portal.output().slice(-3000),
    ).toEqual([]);
    const line = checkWrites(result, await savedTitles(portal.url, token, 'restart'));
    proved(
      `PostgreSQL stopped for ${Math.round((back - down) / 1000)} s under load: /api/ready said 503 naming the database, ` +
        `/api/health stayed 200, ready again ${recovered} ms after the server came back, with no portal restart ` +
        `(${statusLine(result.statuses)}); ${line}`,
    );
  });
});
