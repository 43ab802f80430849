import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { TConfig } from '../../config.ts';
import { leadingZeroBits } from '../../lib/bot-check.ts';
import { createTestApp, testConfig, type TTestApp } from '../../../test/test-app.ts';

const SERVER = Boolean(process.env.TEST_DATABASE_URL);
const BOT_CHECK = { enabled: true, difficulty: 4 };
/** The Redis server of this machine and of CI. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function solve(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++)
    if (leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty)
      return String(nonce);
}

/**
 * Two instances of the portal on one store of limits (two apps, each with its own limiter and bot
 * check, as two processes have): what one counts, the other sees.
 */
function describeSharedLimits(title: string, run: boolean, settings: () => Partial<TConfig>): void {
  describe.runIf(run)(title, () => {
    let first: TTestApp;
    let second: FastifyInstance;

    beforeAll(async () => {
      const shared = { rateLimits: true, botCheck: BOT_CHECK, ...settings() };
      first = await createTestApp(shared);
      // The second instance shares the database; only the first closes it.
      second = await buildApp(
        testConfig(shared),
        { ...first.app.database, close: async () => undefined },
        false,
      );
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    const challenge = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/user/challenge', remoteAddress });

    it('counts one address once across both: the 61st challenge in a minute is refused by either', async () => {
      const address = '203.0.113.61';
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await challenge(i % 2 ? second : first.app, address)).statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      for (const app of [first.app, second]) {
        const refused = await challenge(app, address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json<{ errorDetails: Array<{ key: string }> }>().errorDetails[0]?.key).toBe(
          'tooManyAttempts',
        );
      }
      // Another address is not held back by it.
      expect((await challenge(second, '203.0.113.62')).statusCode).toBe(200);
    });

    it('counts 20 requests at once on both exactly: none lost to a race', async () => {
      const address = '203.0.113.20';
      const answers = await Promise.all(
        Array.from({ length: 70 }, (_, i) => challenge(i % 2 ? second : first.app, address)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });

    it('refuses a bot-check solution spent on one instance when it is replayed on the other', async () => {
      const issued = (await challenge(first.app, '203.0.113.90')).json<{ challenge: string }>().challenge;
      const botCheck = { challenge: issued, nonce: solve(issued, BOT_CHECK.difficulty) };
      const forgot = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/user/forgot-password',
          payload: { userLogin: 'nobody-here', botCheck },
          remoteAddress: '203.0.113.90',
        });
      expect((await forgot(second)).statusCode).toBe(200);
      const replayed = await forgot(first.app);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json<{ errorDetails: Array<{ key: string }> }>().errorDetails[0]?.key).toBe(
        'botCheckUsed',
      );
    });
  });
}

describeSharedLimits('limits shared by the instances on one PostgreSQL database', SERVER, () => ({}));

// Redis holds the limits whichever database the instances share (PGlite here shares one in-process database).
describeSharedLimits('limits shared by the instances through Redis (REDIS_URL)', true, () => ({
  redisUrl: TEST_REDIS_URL,
  // A prefix of this run's own, so runs at once on one Redis never count each other's hits.
  redisKeyPrefix: `portal-test:${randomBytes(6).toString('hex')}:`,
}));
