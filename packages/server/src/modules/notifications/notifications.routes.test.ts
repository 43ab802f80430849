import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TNote = { notificationId: number; notificationTitle: string; read: boolean; companyId: number | null };

async function write(notification: Record<string, unknown>) {
  const saved = await t.call('POST', '/api/notification/save', {
    token: admin,
    body: { notificationInfos: [notification] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.notificationInfos as TNote[])[0]!;
}

async function inbox(token: string, body: Record<string, unknown> = {}) {
  const found = await t.call('POST', '/api/notification/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { notificationInfos: TNote[]; totalCount: number; unreadCount: number };
}

describe('notifications', () => {
  it('reaches everyone, or one company tree with its children, and never another tree', async () => {
    const parent = await makeCompany(t);
    const child = await makeCompany(t, { parentId: parent.id });
    const other = await makeCompany(t);
    const inChild = await signedInUser(t, { companyId: child.id });
    const inOther = await signedInUser(t, { companyId: other.id });
    const everyone = await write({
      notificationTitle: 'Maintenance on Sunday',
      notificationUrl: 'https://status.example.com',
    });
    const forTree = await write({
      notificationTitle: 'New seals for your tree',
      notificationUrl: '/families',
      companyId: parent.id,
    });

    const childIds = (await inbox(inChild.authToken)).notificationInfos.map((n) => n.notificationId);
    expect(childIds).toEqual(expect.arrayContaining([everyone.notificationId, forTree.notificationId]));
    const otherIds = (await inbox(inOther.authToken)).notificationInfos.map((n) => n.notificationId);
    expect(otherIds).toContain(everyone.notificationId);
    expect(otherIds).not.toContain(forTree.notificationId);
    const stranger = await t.call('GET', `/api/notification/get/${forTree.notificationId}`, {
      token: inOther.authToken,
    });
    expect(stranger.status).toBe(404);
  });

  it("answers 404 and marks nothing when a notification to mark is another tree's or does not exist", async () => {
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const reader = await signedInUser(t, { companyId: mine.id });
    const own = await write({ notificationTitle: 'Own', companyId: mine.id });
    const theirs = await write({ notificationTitle: 'Theirs', companyId: other.id });
    const before = (await inbox(reader.authToken)).unreadCount;
    for (const ids of [
      [theirs.notificationId],
      [own.notificationId, theirs.notificationId],
      [2_000_000_000],
    ]) {
      const marked = await t.call('POST', '/api/notification/read', {
        token: reader.authToken,
        body: { notificationInfos: ids.map((notificationId) => ({ notificationId })) },
      });
      expect(marked.status, JSON.stringify(ids)).toBe(404);
    }
    expect((await inbox(reader.authToken)).unreadCount).toBe(before);
  });

  it('keeps read state per user, counts unread, and marks all read at once', async () => {
    const company = await makeCompany(t);
    const first = await signedInUser(t, { companyId: company.id });
    const second = await signedInUser(t, { companyId: company.id });
    const a = await write({ notificationTitle: 'A', companyId: company.id });
    await write({ notificationTitle: 'B', companyId: company.id });
    const before = (await inbox(first.authToken)).unreadCount;
    const marked = await t.call('POST', '/api/notification/read', {
      token: first.authToken,
      body: { notificationInfos: [{ notificationId: a.notificationId }] },
    });
    expect(marked.body.unreadCount).toBe(before - 1);
    // The same mark sent 20 times at once counts once.
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/notification/read', {
          token: first.authToken,
          body: { notificationInfos: [{ notificationId: a.notificationId }] },
        }),
      ),
    );
    expect(again.every((r) => r.status === 200 && r.body.unreadCount === before - 1)).toBe(true);
    expect((await inbox(second.authToken)).unreadCount).toBe(before);
    const unread = await inbox(first.authToken, { unreadOnly: true });
    expect(unread.notificationInfos.some((n) => n.notificationId === a.notificationId)).toBe(false);
    const all = await t.call('POST', '/api/notification/read', {
      token: first.authToken,
      body: { all: true },
    });
    expect(all.body.unreadCount).toBe(0);
  });

  it('is written by admins only, with a portal path or a web address, and deleted by them', async () => {
    const partner = await signedInUser(t, { role: 'partnerrole' });
    const refused = await t.call('POST', '/api/notification/save', {
      token: partner.authToken,
      body: { notificationInfos: [{ notificationTitle: 'Mine' }] },
    });
    expect(refused.status).toBe(403);
    for (const url of ['javascript:alert(1)', '//evil.example.com', 'data:text/html,x']) {
      const bad = await t.call('POST', '/api/notification/save', {
        token: admin,
        body: { notificationInfos: [{ notificationTitle: 'Link', notificationUrl: url }] },
      });
      expect(bad.status, url).toBe(400);
    }
    const missingCompany = await t.call('POST', '/api/notification/save', {
      token: admin,
      body: { notificationInfos: [{ notificationTitle: 'Nobody', companyId: 2_000_000_000 }] },
    });
    expect(missingCompany.status).toBe(404);
    const note = await write({ notificationTitle: 'Short-lived', notificationUrl: '#/families/1' });
    const deleted = await t.call('POST', '/api/notification/delete', {
      token: admin,
      body: { notificationInfos: [{ notificationId: note.notificationId }] },
    });
    expect(deleted.status).toBe(200);
    expect(
      (await t.call('GET', `/api/notification/get/${note.notificationId}`, { token: admin })).status,
    ).toBe(404);
    const managed = await inbox(admin, { manage: true, search: 'short-lived' });
    expect(managed.totalCount).toBe(0);
  });
});
