import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalDecisions, revitFamilies } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fileBase64 = fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64');

let t: TTestApp;
let admin: string;
let partner: TSignedIn;
let otherPartner: TSignedIn;
let reader: TSignedIn;
let companyId: number;
let childId: number;
let otherCompanyId: number;

type TFamily = {
  revitFamilyId: number;
  revitFamilyName: string;
  tifStatus: string;
  tifOriginalId: number | null;
};
type TRequest = {
  id: number;
  kind: string;
  tifStatus: string;
  name: string;
  companyId: number | null;
  requestedBy: string | null;
  ageDays: number;
  record: TFamily & { revitFamilyTypes: unknown[] };
  original: TFamily | null;
  changedFields: string[];
  actions: string[];
};
type TDetail = { key: string; field?: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyId = (await makeCompany(t)).id;
  childId = (await makeCompany(t, { parentId: companyId })).id;
  otherCompanyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId });
  otherPartner = await signedInUser(t, { role: 'partnerrole', companyId: otherCompanyId });
  reader = await signedInUser(t, { role: 'userrole', companyId });
});
afterAll(() => t.close());

async function families(token: string, url: string, family: Record<string, unknown>): Promise<TFamily> {
  const answer = await t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return (answer.body.revitFamilyInfos as TFamily[])[0]!;
}

/** A partner's request for a new family (RfA) under `company`. */
const requestNew = (token = partner.authToken, company?: number) =>
  families(token, '/api/family/save', {
    revitFamilyName: unique('New'),
    revitFamilyFileBase64: fileBase64,
    ...(company ? { companyId: company } : {}),
  });

/** A published family of `company` and a partner's change request on it (RfC). */
async function requestChange(company = companyId, token = partner.authToken) {
  const original = await families(admin, '/api/family/save', {
    revitFamilyName: unique('Live'),
    revitFamilyDescription: 'as published',
    revitFamilyFileBase64: fileBase64,
    companyId: company,
  });
  const copy = await families(token, '/api/family/update', {
    revitFamilyId: original.revitFamilyId,
    revitFamilyName: `${original.revitFamilyName} asked`,
    revitFamilyDescription: 'as asked',
  });
  return { original, copy };
}

async function find(token: string, body: Record<string, unknown> = {}) {
  return t.call('POST', '/api/approvals/find', { token, body });
}

async function listed(body: Record<string, unknown>, token = admin): Promise<TRequest[]> {
  const answer = await find(token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.approvalInfos as TRequest[];
}

const act = (ids: number[], action: string, extra: Record<string, unknown> = {}, token = admin) =>
  t.call('POST', '/api/approvals/act', {
    token,
    body: { requests: ids.map((id) => ({ kind: 'family', id })), action, ...extra },
  });

async function stateOf(id: number): Promise<TFamily | undefined> {
  const got = await t.call('GET', `/api/family/get/${id}`, { token: admin });
  if (got.status === 404) return undefined;
  return (got.body.revitFamilyInfos as TFamily[])[0]!;
}

describe('approvals: who may list and act', () => {
  it('answers 401 to a caller without a token', async () => {
    for (const url of ['/api/approvals/find', '/api/approvals/act', '/api/approvals/decisions']) {
      expect((await t.call('POST', url, { body: {} })).status, url).toBe(401);
    }
  });

  it('answers 403 to an end user listing, acting or reading decisions', async () => {
    expect((await find(reader.authToken)).status).toBe(403);
    expect((await act([1], 'a', {}, reader.authToken)).status).toBe(403);
    const decisions = await t.call('POST', '/api/approvals/decisions', { token: reader.authToken, body: {} });
    expect(decisions.status).toBe(403);
  });

  it("shows a partner its own tree's requests only, without actions, and refuses its acting", async () => {
    const own = await requestNew(partner.authToken, childId);
    const foreign = await requestNew(otherPartner.authToken);
    const seen = await listed({ pageSize: 100 }, partner.authToken);
    const ids = seen.map((request) => request.id);
    expect(ids).toContain(own.revitFamilyId);
    expect(ids).not.toContain(foreign.revitFamilyId);
    expect(seen.every((request) => request.actions.length === 0)).toBe(true);
    expect((await act([own.revitFamilyId], 'a', {}, partner.authToken)).status).toBe(403);
    expect((await stateOf(own.revitFamilyId))!.tifStatus).toBe('RfA');
  });
});

describe('approvals: the inbox', () => {
  let listCompany: number;
  let listPartner: TSignedIn;
  let made: { fresh: TFamily; change: TFamily; removal: TFamily; old: TFamily };

  beforeAll(async () => {
    listCompany = (await makeCompany(t)).id;
    listPartner = await signedInUser(t, { role: 'partnerrole', companyId: listCompany });
    const fresh = await requestNew(listPartner.authToken);
    const { copy: change } = await requestChange(listCompany, listPartner.authToken);
    const published = await families(admin, '/api/family/save', {
      revitFamilyName: unique('Gone'),
      revitFamilyFileBase64: fileBase64,
      companyId: listCompany,
    });
    const removed = await t.call('POST', '/api/family/delete', {
      token: listPartner.authToken,
      body: { revitFamilyInfos: [{ revitFamilyId: published.revitFamilyId }] },
    });
    const removal = (removed.body.revitFamilyInfos as TFamily[])[0]!;
    const old = await requestNew(listPartner.authToken);
    // A request made ten days ago.
    await t.database.db
      .update(revitFamilies)
      .set({ createdOn: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(revitFamilies.id, old.revitFamilyId));
    made = { fresh, change, removal, old };
  });

  const ofCompany = (body: Record<string, unknown> = {}) =>
    listed({ companyIds: [listCompany], ...body }).then((list) => list.map((request) => request.id).sort());

  it('lists every pending request of a company with its kind, age, requester and actions', async () => {
    const all = await listed({ companyIds: [listCompany] });
    expect(all.map((r) => r.id).sort()).toEqual(
      [made.fresh, made.change, made.removal, made.old].map((f) => f.revitFamilyId).sort(),
    );
    const byId = new Map(all.map((r) => [r.id, r]));
    expect(byId.get(made.fresh.revitFamilyId)).toMatchObject({
      kind: 'new',
      tifStatus: 'RfA',
      requestedBy: listPartner.login,
      ageDays: 0,
      original: null,
      actions: ['a', 'd', 'i', 'r'],
    });
    expect(byId.get(made.change.revitFamilyId)).toMatchObject({
      kind: 'change',
      actions: ['a', 'd', 'i', 'r', 'DUP'],
    });
    expect(byId.get(made.removal.revitFamilyId)).toMatchObject({ kind: 'removal', actions: ['a', 'd', 'i'] });
    expect(byId.get(made.old.revitFamilyId)!.ageDays).toBe(10);
  });

  it('filters by kind, company, age, ids and name, and pages', async () => {
    expect(await ofCompany({ kinds: ['new'] })).toEqual(
      [made.fresh.revitFamilyId, made.old.revitFamilyId].sort(),
    );
    expect(await ofCompany({ kinds: ['change', 'removal'] })).toEqual(
      [made.change.revitFamilyId, made.removal.revitFamilyId].sort(),
    );
    expect(await ofCompany({ kinds: ['withdrawal'] })).toEqual([]);
    expect(await ofCompany({ olderThanDays: 7 })).toEqual([made.old.revitFamilyId]);
    expect(await ofCompany({ ids: [made.change.revitFamilyId] })).toEqual([made.change.revitFamilyId]);
    expect(await ofCompany({ search: made.fresh.revitFamilyName })).toEqual([made.fresh.revitFamilyId]);
    expect(await listed({ companyIds: [otherCompanyId], ids: [made.fresh.revitFamilyId] })).toEqual([]);
    const page = await find(admin, {
      companyIds: [listCompany],
      pageSize: 1,
      page: 2,
      sort: [{ field: 'requestedOn', dir: 'asc' }],
    });
    expect(page.body.totalCount).toBe(4);
    expect((page.body.approvalInfos as TRequest[]).length).toBe(1);
    const bad = await find(admin, { sort: [{ field: 'tifStatus', dir: 'asc' }] });
    expect(bad.status).toBe(400);
  });

  it('compares a change with its original: the changed fields, both records and their types', async () => {
    const [request] = await listed({ ids: [made.change.revitFamilyId] });
    expect(request!.original).toMatchObject({ revitFamilyId: made.change.tifOriginalId, tifStatus: 'A' });
    expect(request!.record.revitFamilyName).toBe(made.change.revitFamilyName);
    expect(request!.changedFields).toEqual(['revitFamilyName', 'revitFamilyDescription']);
    expect(request!.record.revitFamilyTypes.length).toBeGreaterThan(0);
  });
});

describe('approvals: deciding', () => {
  it('refuses to disapprove without a reason (400), and keeps the reason and comment of a disapproval', async () => {
    const item = await requestNew();
    const missing = await act([item.revitFamilyId], 'd', { reason: '  ' });
    expect(missing.status).toBe(400);
    expect((missing.body.errorDetails as TDetail[])[0]).toMatchObject({ key: 'required', field: 'reason' });
    const answer = await act([item.revitFamilyId], 'd', {
      reason: 'Wrong category',
      comment: 'See the guide',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.approvalResults).toEqual([
      expect.objectContaining({ id: item.revitFamilyId, effect: 'disapprove', tifStatus: 'D' }),
    ]);
    expect((await stateOf(item.revitFamilyId))!.tifStatus).toBe('D');
    const [stored] = await t.database.db
      .select()
      .from(approvalDecisions)
      .where(eq(approvalDecisions.recordId, item.revitFamilyId));
    expect(stored).toMatchObject({ reason: 'Wrong category', comment: 'See the guide', action: 'd' });
    // The partner reads why.
    const decisions = await t.call('POST', '/api/approvals/decisions', {
      token: partner.authToken,
      body: { recordIds: [item.revitFamilyId] },
    });
    expect(decisions.status).toBe(200);
    expect(decisions.body.approvalDecisionInfos).toEqual([
      expect.objectContaining({
        recordId: item.revitFamilyId,
        kind: 'new',
        action: 'd',
        reason: 'Wrong category',
        comment: 'See the guide',
        decidedBy: 'admin',
      }),
    ]);
    const foreign = await t.call('POST', '/api/approvals/decisions', {
      token: otherPartner.authToken,
      body: { recordIds: [item.revitFamilyId] },
    });
    expect(foreign.body.approvalDecisionInfos).toEqual([]);
  });

  it('filters the decisions by kind and by name, newest first, and refuses an unknown kind (400)', async () => {
    const fresh = await requestNew();
    const { copy } = await requestChange();
    expect((await act([fresh.revitFamilyId], 'd', { reason: 'Blurry picture' })).status).toBe(200);
    expect((await act([copy.revitFamilyId], 'd', { reason: 'Keep the old name' })).status).toBe(200);
    const decisions = (body: Record<string, unknown>) =>
      t.call('POST', '/api/approvals/decisions', { token: partner.authToken, body });
    const ids = [fresh.revitFamilyId, copy.revitFamilyId];
    const changes = await decisions({ recordIds: ids, kinds: ['change'] });
    expect(changes.status, JSON.stringify(changes.body)).toBe(200);
    expect(changes.body.approvalDecisionInfos).toEqual([
      expect.objectContaining({ recordId: copy.revitFamilyId, kind: 'change', reason: 'Keep the old name' }),
    ]);
    const both = await decisions({ recordIds: ids, kinds: ['new', 'change'] });
    expect((both.body.approvalDecisionInfos as { recordId: number }[]).map((x) => x.recordId)).toEqual([
      copy.revitFamilyId,
      fresh.revitFamilyId,
    ]);
    const named = await decisions({ search: fresh.revitFamilyName.toUpperCase() });
    expect(named.body.approvalDecisionInfos).toEqual([
      expect.objectContaining({ recordId: fresh.revitFamilyId, kind: 'new' }),
    ]);
    expect(named.body.totalCount).toBe(1);
    const foreign = await t.call('POST', '/api/approvals/decisions', {
      token: otherPartner.authToken,
      body: { search: fresh.revitFamilyName },
    });
    expect(foreign.body).toMatchObject({ approvalDecisionInfos: [], totalCount: 0 });
    const bad = await decisions({ kinds: ['approved'] });
    expect(bad.status).toBe(400);
  });

  it('approves a change: the original takes it and is live for end users', async () => {
    const { original, copy } = await requestChange();
    const answer = await act([copy.revitFamilyId], 'a');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.approvalResults).toEqual([
      expect.objectContaining({
        effect: 'applyToOriginal',
        resultId: original.revitFamilyId,
        tifStatus: null,
      }),
    ]);
    expect(await stateOf(copy.revitFamilyId)).toBeUndefined();
    const seen = await t.call('GET', `/api/family/get/${original.revitFamilyId}`, {
      token: reader.authToken,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.revitFamilyInfos).toEqual([
      expect.objectContaining({ revitFamilyName: copy.revitFamilyName, tifStatus: 'A', tifTempId: null }),
    ]);
  });

  it('approves several at once', async () => {
    const items = await Promise.all([requestNew(), requestNew(), requestNew()]);
    const answer = await act(
      items.map((item) => item.revitFamilyId),
      'a',
      { comment: 'Welcome' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.approvalResults as unknown[]).length).toBe(3);
    for (const item of items) expect((await stateOf(item.revitFamilyId))!.tifStatus).toBe('A');
  });

  it('decides nothing when one request of a bulk is no longer pending (409 changedAtOnce)', async () => {
    const [decided, waiting] = await Promise.all([requestNew(), requestNew()]);
    expect((await act([decided.revitFamilyId], 'a')).status).toBe(200);
    const answer = await act([waiting.revitFamilyId, decided.revitFamilyId], 'd', { reason: 'No' });
    expect(answer.status).toBe(409);
    expect((answer.body.errorDetails as TDetail[])[0]!.key).toBe('changedAtOnce');
    expect((await stateOf(waiting.revitFamilyId))!.tifStatus).toBe('RfA');
    // A change approved is gone: acting on it again is the same 409.
    const { copy } = await requestChange();
    expect((await act([copy.revitFamilyId], 'a')).status).toBe(200);
    expect((await act([copy.revitFamilyId], 'i')).status).toBe(409);
  });

  it('refuses an action the transition table does not allow (409 tifRefused)', async () => {
    const item = await requestNew();
    const answer = await act([item.revitFamilyId], 'DUP');
    expect(answer.status).toBe(409);
    expect((answer.body.errorDetails as TDetail[])[0]!.key).toBe('tifRefused');
  });

  it('lets one of two admins acting on one request at once win; the other gets 409 changedAtOnce', async () => {
    const otherAdmin = (await signedInUser(t, { role: 'adminrole', companyId })).authToken;
    const { copy } = await requestChange();
    const answers = await Promise.all([
      act([copy.revitFamilyId], 'a'),
      act([copy.revitFamilyId], 'd', { reason: 'Not needed' }, otherAdmin),
    ]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
      200, 409,
    ]);
    const loser = answers.find((a) => a.status === 409)!;
    expect((loser.body.errorDetails as TDetail[])[0]!.key).toBe('changedAtOnce');
    const decisions = await t.database.db
      .select()
      .from(approvalDecisions)
      .where(eq(approvalDecisions.recordId, copy.revitFamilyId));
    expect(decisions.length).toBe(1);
  });
});
