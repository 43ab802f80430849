import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique, type TSignedIn } from '../../../test/factories.ts';
import { FIRESTOP_KINDS, firestopTeam, recordCalls, type TStored } from '../../../test/firestop.ts';

// Scenarios' and placement rules' requests in the approvals inbox beside families' (issue 23).

let t: TTestApp;
let admin: string;
let partner: TSignedIn;
let otherPartner: TSignedIn;
let reader: TSignedIn;
let companyId: number;

type TRecord = TStored<never>;
type TRequest = {
  recordKind: string;
  id: number;
  kind: string;
  name: string;
  companyId: number | null;
  companyName: string | null;
  requestedBy: string | null;
  record: TRecord;
  original: TRecord | null;
  changedFields: string[];
  actions: string[];
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId, partner, stranger: otherPartner, reader } = await firestopTeam(t));
});
afterAll(() => t.close());

type TKind = keyof typeof FIRESTOP_KINDS;

const calls = {
  scenario: recordCalls<TRecord>(() => t, 'scenario'),
  rule: recordCalls<TRecord>(() => t, 'rule'),
};
const saved = (kind: TKind, token: string, action: string, record: Record<string, unknown>) =>
  calls[kind].ok(token, action, record);
const idOf = (kind: TKind, record: TRecord) => record[FIRESTOP_KINDS[kind].id] as number;

/** A record published by the admin under the partner's company. */
const published = (kind: TKind, fields: Record<string, unknown> = {}) =>
  saved(kind, admin, 'save', { [FIRESTOP_KINDS[kind].name]: unique('Live'), companyId, ...fields });

async function inbox(token: string, filter: Record<string, unknown> = {}) {
  const answer = await t.call('POST', '/api/approvals/find', { token, body: { pageSize: 100, ...filter } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as { approvalInfos: TRequest[]; totalCount: number };
}

const act = (requests: Array<{ kind: string; id: number }>, action: string, reason?: string) =>
  t.call('POST', '/api/approvals/act', {
    token: admin,
    body: { requests, action, ...(reason ? { reason } : {}) },
  });

describe('scenario and placement rule requests in the approvals inbox', () => {
  it('lists a partner change to a scenario with its original, the changed fields and the actions', async () => {
    const original = await published('scenario', { fireRating: '60', documentType: 'ETA' });
    const copy = await saved('scenario', partner.authToken, 'update', {
      scenarioId: idOf('scenario', original),
      scenarioName: original.scenarioName,
      fireRating: '90',
    });
    expect(copy.tifStatus).toBe('RfC');

    const { approvalInfos } = await inbox(admin, {
      ids: [idOf('scenario', copy)],
      recordKinds: ['scenario'],
    });
    expect(approvalInfos).toHaveLength(1);
    const request = approvalInfos[0]!;
    expect(request).toMatchObject({
      recordKind: 'scenario',
      id: idOf('scenario', copy),
      kind: 'change',
      name: original.scenarioName,
      companyId,
      requestedBy: partner.login,
    });
    expect(request.companyName).toEqual(expect.any(String));
    expect(request.original).toMatchObject({ scenarioId: idOf('scenario', original), fireRating: '60' });
    expect(request.record).toMatchObject({ fireRating: '90', tifOriginalId: idOf('scenario', original) });
    expect(request.changedFields).toEqual(['fireRating']);
    expect(request.actions).toEqual(expect.arrayContaining(['a', 'd']));

    // The partner reads its own request, without actions.
    const mine = await inbox(partner.authToken, { ids: [idOf('scenario', copy)], recordKinds: ['scenario'] });
    expect(mine.approvalInfos.map((r) => [r.id, r.actions])).toEqual([[idOf('scenario', copy), []]]);
  });

  it('approves a scenario change: the original takes it, the decision is kept and the requester told', async () => {
    const original = await published('scenario', { fireRating: '30' });
    const copy = await saved('scenario', partner.authToken, 'update', {
      scenarioId: idOf('scenario', original),
      scenarioName: original.scenarioName,
      fireRating: '120',
    });
    const answer = await act([{ kind: 'scenario', id: idOf('scenario', copy) }], 'a');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.approvalResults).toMatchObject([
      {
        kind: 'scenario',
        id: idOf('scenario', copy),
        effect: 'applyToOriginal',
        resultId: idOf('scenario', original),
      },
    ]);

    const found = await t.call('POST', '/api/scenario/find', {
      token: reader.authToken,
      body: { ids: [idOf('scenario', original)] },
    });
    expect((found.body.scenarioInfos as TRecord[])[0]).toMatchObject({ fireRating: '120', tifStatus: 'A' });

    const decisions = await t.call('POST', '/api/approvals/decisions', {
      token: partner.authToken,
      body: { recordIds: [idOf('scenario', copy)], recordKinds: ['scenario'] },
    });
    expect(decisions.body.approvalDecisionInfos).toMatchObject([
      { recordKind: 'scenario', kind: 'change', action: 'a', name: original.scenarioName },
    ]);

    const bell = await t.call('POST', '/api/notification/find', { token: partner.authToken, body: {} });
    const notices = bell.body.notificationInfos as Array<{ notificationText?: string; text?: string }>;
    expect(JSON.stringify(notices)).toContain(original.scenarioName as string);
  });

  it('disapproves a new placement rule with a reason: it goes, and the reason is kept', async () => {
    const rule = await saved('rule', partner.authToken, 'save', {
      placementRuleName: unique('Rule'),
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 110,
    });
    expect(rule.tifStatus).toBe('RfA');
    const { approvalInfos } = await inbox(admin, {
      ids: [idOf('rule', rule)],
      recordKinds: ['placementRule'],
    });
    expect(approvalInfos).toMatchObject([
      { recordKind: 'placementRule', kind: 'new', original: null, changedFields: [], companyId },
    ]);
    expect(approvalInfos[0]!.companyName).toEqual(expect.any(String));

    expect((await act([{ kind: 'placementRule', id: idOf('rule', rule) }], 'd')).status).toBe(400);
    const refused = await act([{ kind: 'placementRule', id: idOf('rule', rule) }], 'd', 'No test report');
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const decisions = await t.call('POST', '/api/approvals/decisions', {
      token: partner.authToken,
      body: { recordIds: [idOf('rule', rule)], recordKinds: ['placementRule'] },
    });
    expect(decisions.body.approvalDecisionInfos).toMatchObject([
      { recordKind: 'placementRule', action: 'd', reason: 'No test report' },
    ]);
  });

  it('pages families, scenarios and rules as one list in one order, and counts them together', async () => {
    const tag = unique('Mixed').replace(/\W/g, '');
    const scenario = await saved('scenario', partner.authToken, 'save', {
      scenarioName: `${tag} b scenario`,
    });
    const rule = await saved('rule', partner.authToken, 'save', {
      placementRuleName: `${tag} a rule`,
    });
    const byName = await inbox(admin, { search: tag, sort: [{ field: 'name', dir: 'asc' }] });
    expect(byName.totalCount).toBe(2);
    expect(byName.approvalInfos.map((r) => [r.recordKind, r.id])).toEqual([
      ['placementRule', idOf('rule', rule)],
      ['scenario', idOf('scenario', scenario)],
    ]);
    const paged = await inbox(admin, {
      search: tag,
      sort: [{ field: 'name', dir: 'desc' }],
      pageSize: 1,
      page: 2,
    });
    expect(paged.totalCount).toBe(2);
    expect(paged.approvalInfos.map((r) => r.recordKind)).toEqual(['placementRule']);
    expect((await inbox(admin, { search: tag, recordKinds: ['family'] })).totalCount).toBe(0);

    const count = async (token: string) =>
      (await t.call('GET', '/api/approvals/pending-count', { token })).body.pendingCount as number;
    const before = await count(partner.authToken);
    await saved('scenario', partner.authToken, 'save', { scenarioName: unique('Counted') });
    expect(await count(partner.authToken)).toBe(before + 1);
    expect(await count(reader.authToken)).toBe(0);
  });

  it('shows another tree nothing, refuses end users (403), and decides nothing when one request named is not pending', async () => {
    const scenario = await saved('scenario', partner.authToken, 'save', { scenarioName: unique('Own') });
    const id = idOf('scenario', scenario);
    expect((await inbox(otherPartner.authToken, { ids: [id], recordKinds: ['scenario'] })).totalCount).toBe(
      0,
    );
    const forbidden = await t.call('POST', '/api/approvals/find', { token: reader.authToken, body: {} });
    expect(forbidden.status).toBe(403);

    // A request no longer there (or never) is 409 and decides nothing, not even the others named.
    const gone = await act(
      [
        { kind: 'scenario', id },
        { kind: 'placementRule', id: 2_147_483_000 },
      ],
      'a',
    );
    expect(gone.status).toBe(409);
    const still = await inbox(admin, { ids: [id], recordKinds: ['scenario'] });
    expect(still.approvalInfos.map((r) => r.record.tifStatus)).toEqual(['RfA']);
    const unknownKind = await act([{ kind: 'statistic', id }], 'a');
    expect(unknownKind.status).toBe(400);
  });
});
