import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.internal' });
});

afterAll(() => t.close());

/** The value of one key of GET /api/info/env. */
async function envValue(key: string): Promise<string | undefined> {
  const env = await t.call('GET', '/api/info/env');
  expect(env.status).toBe(200);
  return (env.body.environment as Array<{ key: string; value: string }>).find((e) => e.key === key)?.value;
}

describe('GET /api/info/env', () => {
  it('answers every help link as a page of the help screen the portal serves itself', async () => {
    expect(await envValue('helpUrl')).toBe('https://portal.example.internal/#/help');
    expect(await envValue('helpUrlFamilies')).toBe('https://portal.example.internal/#/help/families');
    expect(await envValue('helpUrlScenarios')).toBe('https://portal.example.internal/#/help/scenarios');
    expect(await envValue('helpUrlPlacementRules')).toBe(
      'https://portal.example.internal/#/help/placement-rules',
    );
  });

  it('answers to strangers, since the help is read before signing in', async () => {
    const env = await t.call('GET', '/api/info/env');
    expect(env.status).toBe(200);
    expect(env.body.responseCode).toBe(200);
  });
});
