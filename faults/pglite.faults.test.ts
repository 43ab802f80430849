/**
 * The embedded default (PGlite in the data folder): SIGTERM checkpoints and closes, and SIGKILL in
 * the middle of writes, ten times over, loses no acknowledged write.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWrites, loadDuring, proved, savedTitles, signIn, type TLoadResult } from './support/client.ts';
import { removeAll, startPortal, tempFolder } from './support/processes.ts';

const ROUNDS = 10;

afterAll(() => removeAll());

describe('the embedded database under SIGTERM and SIGKILL', () => {
  it('checkpoints and closes on SIGTERM: exit code 0, and everything written is there after a restart', async () => {
    const dataDir = tempFolder('pglite-term');
    let portal = await startPortal({ DATA_DIR: dataDir });
    const token = await signIn(portal.url);
    const result = await loadDuring({ base: () => portal.url, token, clients: 5, prefix: 'term' }, () =>
      sleep(1500),
    );
    expect(await portal.kill('SIGTERM')).toBe(0);
    portal = await startPortal({ DATA_DIR: dataDir });
    try {
      const line = checkWrites(result, await savedTitles(portal.url, await signIn(portal.url), 'term'));
      proved(
        `PGlite: SIGTERM after ${result.writes} writes exits 0 having closed the database; after a restart ${line}`,
      );
    } finally {
      await portal.kill('SIGTERM');
    }
  });

  it(`loses no acknowledged write when killed with SIGKILL during writes, ${ROUNDS} times over`, async () => {
    const dataDir = tempFolder('pglite-kill');
    const all: TLoadResult = {
      acknowledged: new Set(),
      unknown: new Set(),
      statuses: new Map(),
      reads: 0,
      writes: 0,
      latenciesMs: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const portal = await startPortal({ DATA_DIR: dataDir });
      const token = await signIn(portal.url);
      // A different moment each round, between 0.3 and 1.6 s into the writes.
      const result = await loadDuring(
        { base: () => portal.url, token, clients: 8, prefix: `kill${round}` },
        async () => {
          await sleep(300 + ((round * 137) % 1300));
          expect(await portal.kill('SIGKILL')).toBe('SIGKILL');
        },
      );
      for (const title of result.acknowledged) all.acknowledged.add(title);
      for (const title of result.unknown) all.unknown.add(title);
      all.writes += result.writes;
      all.reads += result.reads;
    }
    const portal = await startPortal({ DATA_DIR: dataDir });
    try {
      const token = await signIn(portal.url);
      const saved = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++)
        for (const [title, n] of await savedTitles(portal.url, token, `kill${round}`)) saved.set(title, n);
      const line = checkWrites(all, saved);
      expect(all.acknowledged.size).toBeGreaterThan(ROUNDS);
      proved(
        `PGlite: killed with SIGKILL ${ROUNDS} times during writes (${all.writes} writes in all); after the last restart ${line}`,
      );
    } finally {
      await portal.kill('SIGTERM');
    }
  });
});
