import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { signedInUser } from '../../../test/factories.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('terms', () => {
  it('shows the current terms and records their acceptance when a user accepts them', async () => {
    const [row] = await t.database.db
      .insert(terms)
      .values({ title: 'Portal terms', description: 'Be nice.' })
      .returning();
    const { authToken } = await signedInUser(t, { prefix: 'reader', password: 'Read-Passw0rd!' });
    const current = await t.call('GET', '/api/terms/current', { token: authToken });
    expect(current.body.termsInfos).toMatchObject([{ termsId: row!.id, termsTitle: 'Portal terms' }]);
    expect((await t.call('GET', '/api/user/acceptterms/9999', { token: authToken })).status).toBe(404);
    expect((await t.call('GET', '/api/user/acceptterms/abc', { token: authToken })).status).toBe(400);
    const accepted = await t.call('GET', `/api/user/acceptterms/${row!.id}`, { token: authToken });
    expect(accepted.status).toBe(200);
    expect((accepted.body.userInfos as Array<{ termsId: number }>)[0]?.termsId).toBe(row!.id);
  });
});
