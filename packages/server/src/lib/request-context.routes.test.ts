import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/factories.ts';
import { requestContext } from './request-context.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The request ids of the mails queued to `to`, oldest first. */
async function requestIdsOfMailTo(to: string): Promise<Array<string | null>> {
  const rows = await t.database.db
    .select({ requestId: mailOutbox.requestId })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(mailOutbox.id);
  return rows.map((row) => row.requestId);
}

describe('the request id carried into the mail a request queues', () => {
  it('marks the mail queued in a request with the id the answer names', async () => {
    const user = await makeUser(t, { extra: { active: false } });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/user/approve',
      headers: { authorization: `Bearer ${await t.adminToken()}` },
      payload: { userInfos: [{ id: user.id, active: true }] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const requestId = answer.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    expect(await requestIdsOfMailTo(user.email)).toEqual([requestId]);
  });

  it('marks the mail a request queues after its answer (forgot password), under an id the caller gave', async () => {
    const user = await makeUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      headers: { 'x-request-id': 'lb-7f3a-forgot' },
      payload: { userLogin: user.login },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['x-request-id']).toBe('lb-7f3a-forgot');
    await t.app.services.recovery.settled();
    expect(await requestIdsOfMailTo(user.email)).toEqual(['lb-7f3a-forgot']);
  });

  it('leaves mail queued outside a request without one, and keeps one the caller names', async () => {
    const to = 'no-request@example.com';
    await t.app.services.mailer.enqueue({ to, subject: 'a', text: 'b' });
    await t.app.services.mailer.enqueue({ to, subject: 'a', text: 'b', requestId: 'job-1' });
    expect(await requestIdsOfMailTo(to)).toEqual([null, 'job-1']);
    expect(requestContext.requestId).toBeUndefined();
  });
});
