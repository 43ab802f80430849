import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalDecisions, mailOutbox, revitFamilies } from '../../db/schema/index.ts';
import { ADMIN_PASSWORD, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeRole, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';
import { sentMails } from '../../../test/harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fileBase64 = fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64');

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let germanPartner: TSignedIn;
let colleague: TSignedIn;
let otherPartner: TSignedIn;
let reader: TSignedIn;

type TFamily = {
  revitFamilyId: number;
  revitFamilyName: string;
  tifStatus: string;
  tifOriginalId: number | null;
};
type TNote = {
  notificationId: number;
  notificationTitle: string;
  notificationDescription: string | null;
  notificationUrl: string | null;
  companyId: number | null;
  recipientLogin?: string | null;
  read: boolean;
};
type TDetail = { key: string; field?: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId });
  germanPartner = await signedInUser(t, { role: 'partnerrole', companyId, extra: { language: 'de' } });
  colleague = await signedInUser(t, { role: 'partneruserrole', companyId });
  otherPartner = await signedInUser(t, { role: 'partnerrole', companyId: (await makeCompany(t)).id });
  reader = await signedInUser(t, { role: 'userrole', companyId });
});
afterAll(() => t.close());

async function families(token: string, url: string, family: Record<string, unknown>): Promise<TFamily> {
  const answer = await t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return (answer.body.revitFamilyInfos as TFamily[])[0]!;
}

/** A request for a new family (RfA) by the user of `token`. */
const requestNew = (token: string) =>
  families(token, '/api/family/save', { revitFamilyName: unique('New'), revitFamilyFileBase64: fileBase64 });

/** A published family of the company and a change request on it (RfC) by the user of `token`. */
async function requestChange(token: string) {
  const original = await families(admin, '/api/family/save', {
    revitFamilyName: unique('Live'),
    revitFamilyFileBase64: fileBase64,
    companyId,
  });
  const copy = await families(token, '/api/family/update', {
    revitFamilyId: original.revitFamilyId,
    revitFamilyName: `${original.revitFamilyName} asked`,
  });
  return { original, copy };
}

const act = (ids: number[], action: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/approvals/act', {
    token: admin,
    body: { requests: ids.map((id) => ({ kind: 'family', id })), action, ...extra },
  });

async function inbox(token: string, body: Record<string, unknown> = {}) {
  const found = await t.call('POST', '/api/notification/find', { token, body: { pageSize: 1000, ...body } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { notificationInfos: TNote[]; totalCount: number; unreadCount: number };
}

/** The caller's notifications leading to one of these portal paths. */
const about = async (token: string, ...urls: string[]) =>
  (await inbox(token)).notificationInfos.filter((note) => urls.includes(note.notificationUrl ?? ''));

async function decisionsOf(token: string, recordIds: number[]) {
  const answer = await t.call('POST', '/api/approvals/decisions', { token, body: { recordIds } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.approvalDecisionInfos as Array<Record<string, unknown>>;
}

const mailsTo = async (user: { email: string }) =>
  (await sentMails(t)).filter((mail) => mail.to === user.email);

describe('decisions: kept whichever route acted', () => {
  it('keeps a decision made through /family/update with its reason and comment for the requester', async () => {
    const item = await requestNew(partner.authToken);
    await families(admin, '/api/family/update', {
      revitFamilyId: item.revitFamilyId,
      revitFamilyName: item.revitFamilyName,
      tifAction: 'd',
      tifStatus: 'RfA',
      tifReason: 'Wrong category',
      tifComment: 'See the guide',
    });
    expect(await decisionsOf(partner.authToken, [item.revitFamilyId])).toEqual([
      expect.objectContaining({
        recordId: item.revitFamilyId,
        resultId: item.revitFamilyId,
        kind: 'new',
        action: 'd',
        effect: 'disapprove',
        name: item.revitFamilyName,
        companyId,
        reason: 'Wrong category',
        comment: 'See the guide',
        decidedBy: 'admin',
      }),
    ]);
    expect(await decisionsOf(otherPartner.authToken, [item.revitFamilyId])).toEqual([]);

    // An approved change through /family/update, without a reason: the original is what it left.
    const { original, copy } = await requestChange(partner.authToken);
    await families(admin, '/api/family/update', {
      revitFamilyId: copy.revitFamilyId,
      revitFamilyName: copy.revitFamilyName,
      tifAction: 'a',
      tifStatus: 'RfC',
    });
    expect(await decisionsOf(partner.authToken, [original.revitFamilyId])).toEqual([
      expect.objectContaining({
        recordId: copy.revitFamilyId,
        originalId: original.revitFamilyId,
        resultId: original.revitFamilyId,
        kind: 'change',
        action: 'a',
        effect: 'applyToOriginal',
        reason: null,
        comment: null,
      }),
    ]);
  });

  it("keeps no decision for an admin's edit (c) of a request nor an action on a published family", async () => {
    const item = await requestNew(partner.authToken);
    await families(admin, '/api/family/update', {
      revitFamilyId: item.revitFamilyId,
      revitFamilyName: `${item.revitFamilyName} tidied`,
      tifAction: 'c',
      tifStatus: 'RfA',
    });
    const live = await families(admin, '/api/family/save', { revitFamilyName: unique('Live'), companyId });
    await families(admin, '/api/family/update', {
      revitFamilyId: live.revitFamilyId,
      revitFamilyName: live.revitFamilyName,
      tifAction: 'd',
      tifStatus: 'A',
    });
    expect(await decisionsOf(admin, [item.revitFamilyId, live.revitFamilyId])).toEqual([]);
    expect(await about(partner.authToken, `/families/${item.revitFamilyId}`)).toEqual([]);
  });

  it('refuses a reason or a comment without tifAction (400), changing nothing', async () => {
    const item = await requestNew(partner.authToken);
    for (const extra of [{ tifReason: 'Why' }, { tifComment: 'Note' }]) {
      const answer = await t.call('POST', '/api/family/update', {
        token: admin,
        body: {
          revitFamilyInfos: [
            { revitFamilyId: item.revitFamilyId, revitFamilyName: `${item.revitFamilyName} x`, ...extra },
          ],
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body.errorDetails as TDetail[])[0]).toMatchObject({ key: 'required' });
    }
    const [row] = await t.database.db
      .select()
      .from(revitFamilies)
      .where(eq(revitFamilies.id, item.revitFamilyId));
    expect(row).toMatchObject({ name: item.revitFamilyName, tifStatus: 'RfA' });
  });
});

describe('decisions: the requester is told', () => {
  it('puts a notification naming the family and the decision in the bell of its requester alone', async () => {
    const item = await requestNew(partner.authToken);
    const unreadBefore = (await inbox(partner.authToken)).unreadCount;
    const answer = await act([item.revitFamilyId], 'd', {
      reason: 'Blurry picture',
      comment: 'Use the preview',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const url = `/families/${item.revitFamilyId}`;
    const mine = await inbox(partner.authToken);
    expect(mine.unreadCount).toBe(unreadBefore + 1);
    const told = mine.notificationInfos.filter((note) => note.notificationUrl === url);
    expect(told).toEqual([
      expect.objectContaining({
        notificationTitle: `Your request to add "${item.revitFamilyName}" was disapproved: Blurry picture`,
        notificationDescription: 'Reason: Blurry picture\nComment: Use the preview',
        companyId: null,
        read: false,
      }),
    ]);
    const id = told[0]!.notificationId;
    // Nobody else: not a colleague or an end user of the same company, not another company's partner.
    for (const other of [colleague, reader, otherPartner]) {
      expect(await about(other.authToken, url), other.login).toEqual([]);
      const got = await t.call('GET', `/api/notification/get/${id}`, { token: other.authToken });
      expect(got.status, other.login).toBe(404);
      const marked = await t.call('POST', '/api/notification/read', {
        token: other.authToken,
        body: { notificationInfos: [{ notificationId: id }] },
      });
      expect(marked.status, other.login).toBe(404);
    }
    // Admins managing notifications see it, addressed to the partner.
    const managed = await inbox(admin, { manage: true, ids: [id] });
    expect(managed.notificationInfos).toEqual([expect.objectContaining({ recipientLogin: partner.login })]);
    // Read by its recipient, it leaves the unread count.
    const read = await t.call('POST', '/api/notification/read', {
      token: partner.authToken,
      body: { notificationInfos: [{ notificationId: id }] },
    });
    expect(read.body.unreadCount).toBe(unreadBefore);
  });

  it('mails the requester in their language: German for a German user', async () => {
    const { original, copy } = await requestChange(germanPartner.authToken);
    await families(admin, '/api/family/update', {
      revitFamilyId: copy.revitFamilyId,
      revitFamilyName: copy.revitFamilyName,
      tifAction: 'a',
      tifStatus: 'RfC',
      tifComment: 'Danke',
    });
    const [mail] = await mailsTo(germanPartner);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Ihre Änderung an „${copy.revitFamilyName}“ wurde genehmigt`);
    expect(mail!.text).toContain(`Hallo ${germanPartner.login},`);
    expect(mail!.text).toContain('Kommentar: Danke');
    expect(mail!.text).toContain(`/#/families/${original.revitFamilyId}`);
    const [note] = await about(germanPartner.authToken, `/families/${original.revitFamilyId}`);
    expect(note!.notificationTitle).toBe(`Ihre Änderung an „${copy.revitFamilyName}“ wurde genehmigt`);

    // An English partner's mail, for a disapproval with its reason.
    const item = await requestNew(partner.authToken);
    expect((await act([item.revitFamilyId], 'd', { reason: 'Too large' })).status).toBe(200);
    const english = (await mailsTo(partner)).find((sent) => sent.subject.includes(item.revitFamilyName));
    expect(english!.subject).toBe(`Your request to add "${item.revitFamilyName}" was disapproved`);
    expect(english!.text).toContain('Reason: Too large');
  });

  it("tells a change's requester, not the family's creator, and sends a request that left nothing to the decided list", async () => {
    const family = await requestNew(partner.authToken);
    expect((await act([family.revitFamilyId], 'a')).status).toBe(200);
    const change = await families(colleague.authToken, '/api/family/update', {
      revitFamilyId: family.revitFamilyId,
      revitFamilyName: `${family.revitFamilyName} renamed`,
    });
    const partnerBefore = (await about(partner.authToken, `/families/${family.revitFamilyId}`)).length;
    expect((await act([change.revitFamilyId], 'i')).status).toBe(200);
    expect(await about(colleague.authToken, `/families/${family.revitFamilyId}`)).toEqual([
      expect.objectContaining({
        notificationTitle: `Your change to "${family.revitFamilyName} renamed" was dismissed`,
      }),
    ]);
    expect((await about(partner.authToken, `/families/${family.revitFamilyId}`)).length).toBe(partnerBefore);

    const dropped = await requestNew(colleague.authToken);
    expect((await act([dropped.revitFamilyId], 'i')).status).toBe(200);
    const [decision] = await decisionsOf(admin, [dropped.revitFamilyId]);
    expect(decision).toMatchObject({ effect: 'drop', resultId: null });
    const notes = await about(colleague.authToken, '/approvals?view=decided');
    expect(notes.map((note) => note.notificationTitle)).toContain(
      `Your request to add "${dropped.revitFamilyName}" was dismissed`,
    );
  });

  it('tells nobody when an admin decides their own request', async () => {
    const adminId = (await t.login('admin', ADMIN_PASSWORD)).id;
    const item = await requestNew(partner.authToken);
    await t.database.db
      .update(revitFamilies)
      .set({ createdByUserId: adminId })
      .where(eq(revitFamilies.id, item.revitFamilyId));
    const mailsBefore = (await sentMails(t)).length;
    expect((await act([item.revitFamilyId], 'a')).status).toBe(200);
    expect(await sentMails(t)).toHaveLength(mailsBefore);
    expect(await about(admin, `/families/${item.revitFamilyId}`)).toEqual([]);
    expect(await about(partner.authToken, `/families/${item.revitFamilyId}`)).toEqual([]);
    expect(await decisionsOf(admin, [item.revitFamilyId])).toHaveLength(1);
  });

  it('keeps the decision and its notification while no mail can go out, and mails it once one can', async () => {
    const item = await requestNew(partner.authToken);
    // No worker: as with the mail server away, the mail waits in the queue.
    await t.mailer.stop();
    try {
      const answer = await act([item.revitFamilyId], 'a');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(revitFamilies)
        .where(eq(revitFamilies.id, item.revitFamilyId));
      expect(row!.tifStatus).toBe('A');
      const kept = await t.database.db
        .select()
        .from(approvalDecisions)
        .where(eq(approvalDecisions.recordId, item.revitFamilyId));
      expect(kept).toHaveLength(1);
      expect(await about(partner.authToken, `/families/${item.revitFamilyId}`)).toHaveLength(1);
      const waiting = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, partner.email), isNull(mailOutbox.sentAt)));
      expect(waiting.some((mail) => mail.subject.includes(item.revitFamilyName))).toBe(true);
    } finally {
      t.mailer.start();
    }
    const mailed = (await mailsTo(partner)).filter((mail) => mail.subject.includes(item.revitFamilyName));
    expect(mailed).toHaveLength(1);
  });

  it('lets nobody but admins change or delete a notification addressed to one user', async () => {
    const item = await requestNew(partner.authToken);
    expect((await act([item.revitFamilyId], 'a')).status).toBe(200);
    const [note] = await about(partner.authToken, `/families/${item.revitFamilyId}`);
    const { roleName } = await makeRole(t, [
      'adminmanagement.update',
      'adminmanagement.delete',
      'contentmanagement.read',
    ]);
    const editor = await signedInUser(t, { role: roleName, companyId });
    const changed = await t.call('POST', '/api/notification/save', {
      token: editor.authToken,
      body: {
        notificationInfos: [
          { notificationId: note!.notificationId, notificationTitle: 'Hijacked', companyId },
        ],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(404);
    const deleted = await t.call('POST', '/api/notification/delete', {
      token: editor.authToken,
      body: { notificationInfos: [{ notificationId: note!.notificationId }] },
    });
    expect(deleted.status).toBe(404);
    const [still] = await about(partner.authToken, `/families/${item.revitFamilyId}`);
    expect(still!.notificationTitle).toBe(note!.notificationTitle);

    const byAdmin = await t.call('POST', '/api/notification/save', {
      token: admin,
      body: {
        notificationInfos: [
          {
            notificationId: note!.notificationId,
            notificationTitle: 'Approved, welcome',
            notificationUrl: note!.notificationUrl,
          },
        ],
      },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.notificationInfos).toEqual([
      expect.objectContaining({ recipientLogin: partner.login }),
    ]);
    const [edited] = await about(partner.authToken, `/families/${item.revitFamilyId}`);
    expect(edited!.notificationTitle).toBe('Approved, welcome');
    expect(await about(editor.authToken, `/families/${item.revitFamilyId}`)).toEqual([]);
  });
});
