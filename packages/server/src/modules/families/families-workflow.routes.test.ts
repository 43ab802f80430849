import fs from 'node:fs';
import path from 'node:path';
import { TIF_ACTIONS, type TTifAction } from '@portal/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revitFamilies } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fileBase64 = fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64');

let t: TTestApp;
let admin: string;
let partner: TSignedIn;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId });
});
afterAll(() => t.close());

type TFamily = {
  revitFamilyId: number;
  revitFamilyName: string;
  revitFamilyDescription: string | null;
  revitFamilyFileHash: string | null;
  revitVersion: string | null;
  tifStatus: string;
  tifAction: string | null;
  tifOriginalId: number | null;
  tifTempId: number | null;
};
type TDetail = { key: string };

async function send(token: string, url: string, family: Record<string, unknown>) {
  return t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
}

async function ok(token: string, url: string, family: Record<string, unknown>): Promise<TFamily> {
  const answer = await send(token, url, family);
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return (answer.body.revitFamilyInfos as TFamily[])[0]!;
}

/** The family as the admin sees it, or undefined once it is deleted. */
async function state(id: number): Promise<TFamily | undefined> {
  const got = await t.call('GET', `/api/family/get/${id}`, { token: admin });
  if (got.status === 404) return undefined;
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return (got.body.revitFamilyInfos as TFamily[])[0]!;
}

/** The raw rows of these families and every copy pointing at them: what "nothing changed" compares. */
async function rows(ids: number[]) {
  const db = t.database.db;
  const own = await db.select().from(revitFamilies).where(inArray(revitFamilies.id, ids));
  const copies = await db.select().from(revitFamilies).where(inArray(revitFamilies.tifOriginalId, ids));
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return { own: own.sort(byId), copies: copies.sort(byId) };
}

async function copiesOf(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(revitFamilies)
    .where(eq(revitFamilies.tifOriginalId, id));
  return row?.n ?? 0;
}

const published = () =>
  ok(admin, '/api/family/save', {
    revitFamilyName: unique('Live'),
    revitFamilyDescription: 'as published',
    revitFamilyFileBase64: fileBase64,
    companyId,
  });

/** A partner's request on a fresh published family: the copy and its original. */
async function requested(kind: 'update' | 'delete' | 'withdraw') {
  const original = await published();
  let copy: TFamily;
  if (kind === 'delete') {
    const answer = await t.call('POST', '/api/family/delete', {
      token: partner.authToken,
      body: { revitFamilyInfos: [{ revitFamilyId: original.revitFamilyId }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    copy = (answer.body.revitFamilyInfos as TFamily[])[0]!;
  } else {
    copy = await ok(partner.authToken, '/api/family/update', {
      revitFamilyId: original.revitFamilyId,
      revitFamilyName: `${original.revitFamilyName} asked`,
      revitFamilyDescription: 'as asked',
      ...(kind === 'withdraw' ? { tifStatus: 'RfD' } : {}),
    });
  }
  return { item: copy, original: (await state(original.revitFamilyId))! };
}

const act = (item: TFamily, action: TTifAction, name = item.revitFamilyName) =>
  send(admin, '/api/family/update', {
    revitFamilyId: item.revitFamilyId,
    revitFamilyName: name,
    tifAction: action,
  });

type TMade = { item: TFamily; original: TFamily | undefined };

/** Makes an item in each state of the workflow table, through the API only. */
const MAKERS: Record<string, () => Promise<TMade>> = {
  'RfA (new)': async () => ({
    item: await ok(partner.authToken, '/api/family/save', {
      revitFamilyName: unique('New'),
      revitFamilyFileBase64: fileBase64,
    }),
    original: undefined,
  }),
  'RfC (copy)': () => requested('update'),
  'RfR (copy)': () => requested('delete'),
  'RfD (copy)': () => requested('withdraw'),
  'P, copy': async () => {
    const { item, original } = await requested('update');
    return { item: await ok(admin, '/api/family/update', { ...pick(item), tifAction: 'c' }), original };
  },
  'P, not a copy': async () => {
    const { item } = await MAKERS['RfA (new)']!();
    return {
      item: await ok(admin, '/api/family/update', { ...pick(item), tifAction: 'c' }),
      original: undefined,
    };
  },
  'A (not a copy)': async () => ({ item: await published(), original: undefined }),
  'D (not a copy)': async () => {
    const item = await published();
    return {
      item: await ok(admin, '/api/family/update', { ...pick(item), tifAction: 'd' }),
      original: undefined,
    };
  },
  'D (copy)': async () => {
    const { item, original } = await requested('update');
    await ok(admin, '/api/family/update', { ...pick(item), tifAction: 'd' });
    return { item: (await state(item.revitFamilyId))!, original: await state(original.revitFamilyId) };
  },
};

const pick = (item: TFamily) => ({
  revitFamilyId: item.revitFamilyId,
  revitFamilyName: item.revitFamilyName,
});

/** docs/workflow.md, "Admin actions": the effect of each action, `-` refused. */
const TABLE: Record<string, Record<TTifAction, string>> = {
  'RfA (new)': { a: 'publish', d: 'disapprove', c: 'change', i: 'drop', r: 'remove', DUP: '-', RES: '-' },
  'RfC (copy)': {
    a: 'applyToOriginal',
    d: 'disapprove',
    c: 'change',
    i: 'drop',
    r: 'remove',
    DUP: 'duplicate',
    RES: '-',
  },
  'RfR (copy)': { a: 'removeOriginal', d: 'disapprove', c: '-', i: 'drop', r: '-', DUP: '-', RES: '-' },
  'RfD (copy)': { a: 'withdrawOriginal', d: 'disapprove', c: '-', i: 'drop', r: '-', DUP: '-', RES: '-' },
  'P, copy': {
    a: 'applyToOriginal',
    d: 'disapprove',
    c: 'change',
    i: 'drop',
    r: 'remove',
    DUP: 'duplicate',
    RES: '-',
  },
  'P, not a copy': { a: 'publish', d: 'disapprove', c: 'change', i: 'drop', r: 'remove', DUP: '-', RES: '-' },
  'A (not a copy)': { a: '-', d: 'disapprove', c: '-', i: '-', r: 'remove', DUP: '-', RES: '-' },
  'D (not a copy)': { a: '-', d: '-', c: '-', i: '-', r: '-', DUP: '-', RES: 'restore' },
  'D (copy)': { a: '-', d: '-', c: '-', i: 'drop', r: '-', DUP: '-', RES: '-' },
};

/** What every field of the original but the workflow's own must still be. */
const contentOf = (family: TFamily | undefined) =>
  family && {
    revitFamilyName: family.revitFamilyName,
    revitFamilyDescription: family.revitFamilyDescription,
    tifStatus: family.tifStatus,
    tifOriginalId: family.tifOriginalId,
  };

/** Checks the documented effect of an allowed action (docs/workflow.md, "The effects in plain words"). */
async function expectEffect(effect: string, action: TTifAction, made: TMade, answered: TFamily) {
  const { item, original } = made;
  const after = await state(item.revitFamilyId);
  const originalAfter = original && (await state(original.revitFamilyId));
  const originalUntouched = () => {
    expect(contentOf(originalAfter)).toEqual(contentOf(original));
    expect(originalAfter!.tifTempId).toBeNull();
  };
  switch (effect) {
    case 'publish':
    case 'restore':
      expect(after).toMatchObject({ tifStatus: 'A', tifAction: action, tifOriginalId: null });
      break;
    case 'applyToOriginal':
      expect(after).toBeUndefined();
      expect(answered.revitFamilyId).toBe(original!.revitFamilyId);
      expect(originalAfter).toMatchObject({
        revitFamilyName: item.revitFamilyName,
        revitFamilyDescription: item.revitFamilyDescription,
        tifStatus: 'A',
        tifTempId: null,
      });
      break;
    case 'removeOriginal':
    case 'withdrawOriginal':
      expect(after).toBeUndefined();
      expect(originalAfter).toMatchObject({
        revitFamilyName: original!.revitFamilyName,
        tifStatus: 'D',
        tifAction: effect === 'removeOriginal' ? 'r' : 'd',
        tifTempId: null,
      });
      break;
    case 'disapprove':
      expect(after).toMatchObject({ tifStatus: 'D', tifAction: 'd', tifOriginalId: item.tifOriginalId });
      if (original) originalUntouched();
      break;
    case 'change':
      expect(after).toMatchObject({
        tifStatus: 'P',
        tifAction: 'c',
        revitFamilyName: `${item.revitFamilyName} edited`,
        tifOriginalId: item.tifOriginalId,
      });
      if (original) {
        expect(contentOf(originalAfter)).toEqual(contentOf(original));
        expect(originalAfter!.tifTempId).toBe(item.revitFamilyId);
      }
      break;
    case 'drop':
      expect(after).toBeUndefined();
      if (original) originalUntouched();
      break;
    case 'remove':
      expect(after).toMatchObject({ tifStatus: 'D', tifAction: 'r' });
      if (original) originalUntouched();
      break;
    case 'duplicate':
      expect(after).toMatchObject({
        tifStatus: 'A',
        tifOriginalId: null,
        revitFamilyName: item.revitFamilyName,
        revitFamilyDescription: item.revitFamilyDescription,
      });
      originalUntouched();
      break;
    default:
      throw new Error(`unknown effect ${effect}`);
  }
}

describe('family workflow: partner requests', () => {
  it('stores a partner create as RfA, an update as an RfC copy, a delete as RfR and a withdrawal as RfD', async () => {
    const created = await ok(partner.authToken, '/api/family/save', { revitFamilyName: unique('Asked') });
    expect(created).toMatchObject({ tifStatus: 'RfA', tifOriginalId: null, tifTempId: null });

    const change = await requested('update');
    expect(change.item).toMatchObject({
      tifStatus: 'RfC',
      tifOriginalId: change.original.revitFamilyId,
      revitFamilyDescription: 'as asked',
    });
    expect(change.original).toMatchObject({
      tifStatus: 'A',
      tifTempId: change.item.revitFamilyId,
      revitFamilyDescription: 'as published',
    });
    const second = await send(partner.authToken, '/api/family/update', {
      revitFamilyId: change.original.revitFamilyId,
      revitFamilyName: 'second try',
    });
    expect(second.status).toBe(409);
    expect((second.body.errorDetails as TDetail[])[0]!.key).toBe('tifPending');
    expect(await copiesOf(change.original.revitFamilyId)).toBe(1);

    const removal = await requested('delete');
    expect(removal.item).toMatchObject({ tifStatus: 'RfR', tifOriginalId: removal.original.revitFamilyId });
    expect(removal.original).toMatchObject({ tifStatus: 'A', tifTempId: removal.item.revitFamilyId });

    const withdrawal = await requested('withdraw');
    expect(withdrawal.item).toMatchObject({
      tifStatus: 'RfD',
      tifOriginalId: withdrawal.original.revitFamilyId,
    });
    expect(withdrawal.original).toMatchObject({ tifStatus: 'A', tifTempId: withdrawal.item.revitFamilyId });
  });

  it('carries out each request by the target status as the request table says', async () => {
    type TKind = 'update' | 'delete' | 'withdraw';
    const targets: Record<string, () => Promise<TFamily>> = {
      A: published,
      'A, with a pending copy': async () => (await requested('update')).original,
      RfA: async () => (await MAKERS['RfA (new)']!()).item,
      RfC: async () => (await requested('update')).item,
      RfR: async () => (await requested('delete')).item,
      RfD: async () => (await requested('withdraw')).item,
      P: async () => (await MAKERS['P, not a copy']!()).item,
      D: async () => (await MAKERS['D (not a copy)']!()).item,
    };
    // docs/workflow.md, "Requests by non-admins".
    const table: Record<string, Record<TKind, string>> = {
      A: { update: 'createCopy RfC', delete: 'createCopy RfR', withdraw: 'createCopy RfD' },
      'A, with a pending copy': { update: 'tifPending', delete: 'tifPending', withdraw: 'tifPending' },
      RfA: { update: 'editInPlace', delete: 'dropRequest', withdraw: 'refused' },
      RfC: { update: 'editInPlace', delete: 'dropRequest', withdraw: 'refused' },
      RfR: { update: 'refused', delete: 'dropRequest', withdraw: 'refused' },
      RfD: { update: 'refused', delete: 'dropRequest', withdraw: 'refused' },
      P: { update: 'editInPlace', delete: 'dropRequest', withdraw: 'refused' },
      D: { update: 'refused', delete: 'refused', withdraw: 'refused' },
    };
    for (const [status, row] of Object.entries(table)) {
      for (const [kind, outcome] of Object.entries(row) as Array<[TKind, string]>) {
        const label = `${status} ${kind}`;
        const target = await targets[status]!();
        const watched = [target.revitFamilyId, ...(target.tifOriginalId ? [target.tifOriginalId] : [])];
        const before = await rows(watched);
        const answer =
          kind === 'delete'
            ? await t.call('POST', '/api/family/delete', {
                token: partner.authToken,
                body: { revitFamilyInfos: [{ revitFamilyId: target.revitFamilyId }] },
              })
            : await send(partner.authToken, '/api/family/update', {
                revitFamilyId: target.revitFamilyId,
                revitFamilyName: `${target.revitFamilyName} v2`,
                ...(kind === 'withdraw' ? { tifStatus: 'RfD' } : {}),
              });
        if (outcome === 'tifPending' || outcome === 'refused') {
          expect(answer.status, label).toBe(409);
          const key = (answer.body.errorDetails as TDetail[])[0]!.key;
          expect(key, label).toBe(
            outcome === 'tifPending'
              ? 'tifPending'
              : kind === 'withdraw'
                ? 'tifWithdrawPublished'
                : 'tifRefused',
          );
          expect(await rows(watched), label).toEqual(before);
          continue;
        }
        expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(200);
        const answered = (answer.body.revitFamilyInfos as TFamily[])[0]!;
        const after = await state(target.revitFamilyId);
        if (outcome.startsWith('createCopy')) {
          expect(answered, label).toMatchObject({
            tifStatus: outcome.split(' ')[1],
            tifOriginalId: target.revitFamilyId,
          });
          expect(after, label).toMatchObject({ tifStatus: 'A', tifTempId: answered.revitFamilyId });
        } else if (outcome === 'editInPlace') {
          expect(after, label).toMatchObject({
            tifStatus: target.tifStatus,
            revitFamilyName: `${target.revitFamilyName} v2`,
          });
        } else {
          expect(after, label).toBeUndefined();
          if (target.tifOriginalId) expect((await state(target.tifOriginalId))!.tifTempId, label).toBeNull();
        }
      }
    }
  });

  it('answers 403 to a non-admin sending tifAction, changing nothing', async () => {
    const { item, original } = await requested('update');
    const watched = [item.revitFamilyId, original.revitFamilyId];
    const before = await rows(watched);
    const partnerUser = await signedInUser(t, { role: 'partneruserrole', companyId });
    for (const token of [partner.authToken, partnerUser.authToken]) {
      for (const action of TIF_ACTIONS) {
        for (const target of [item, original]) {
          const refused = await send(token, '/api/family/update', { ...pick(target), tifAction: action });
          expect(refused.status, action).toBe(403);
          expect((refused.body.errorDetails as TDetail[])[0]!.key).toBe('tifAdminOnly');
        }
      }
    }
    expect(await rows(watched)).toEqual(before);
  });

  it('makes exactly one change request of 20 parallel partner updates', async () => {
    const original = await published();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send(partner.authToken, '/api/family/update', {
          revitFamilyId: original.revitFamilyId,
          revitFamilyName: `${original.revitFamilyName} ${index}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!;
    const copy = (winner.body.revitFamilyInfos as TFamily[])[0]!;
    expect(await copiesOf(original.revitFamilyId)).toBe(1);
    expect(await state(original.revitFamilyId)).toMatchObject({
      tifStatus: 'A',
      tifTempId: copy.revitFamilyId,
    });
  });
});

describe('family workflow: admin actions', () => {
  for (const [status, row] of Object.entries(TABLE)) {
    it(`acts on ${status} as docs/workflow.md says, refusing the rest with 409 and nothing changed`, async () => {
      for (const action of TIF_ACTIONS) {
        const effect = row[action];
        const made = await MAKERS[status]!();
        const label = `${status} ${action}`;
        const watched = [made.item.revitFamilyId, ...(made.original ? [made.original.revitFamilyId] : [])];
        const before = await rows(watched);
        const name = effect === 'change' ? `${made.item.revitFamilyName} edited` : made.item.revitFamilyName;
        const answer = await act(made.item, action, name);
        if (effect === '-') {
          expect(answer.status, label).toBe(409);
          expect((answer.body.errorDetails as TDetail[])[0]!.key, label).toBe('tifRefused');
          expect(await rows(watched), label).toEqual(before);
          continue;
        }
        expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(200);
        await expectEffect(effect, action, made, (answer.body.revitFamilyInfos as TFamily[])[0]!);
      }
    });
  }
});

describe('family workflow: files through requests', () => {
  type TVersion = { versionId: number; sha256: string; current: boolean };
  const versionsOf = async (id: number) => {
    const got = await t.call('GET', `/api/family/get/${id}`, { token: admin });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    return (
      got.body.revitFamilyInfos as Array<{ revitFamilyVersions: TVersion[]; revitFamilyFileHash: string }>
    )[0]!;
  };
  const otherFile = fs.readFileSync(path.join(FIXTURES, 'family-2024.rfa')).toString('base64');

  it('approving a change with a new file makes it the original current version, the old one kept', async () => {
    const original = await published();
    const before = await versionsOf(original.revitFamilyId);
    const copy = await ok(partner.authToken, '/api/family/update', {
      ...pick(original),
      revitFamilyFileBase64: otherFile,
    });
    expect(copy).toMatchObject({ tifStatus: 'RfC', revitVersion: '2024' });
    expect((await versionsOf(original.revitFamilyId)).revitFamilyVersions).toEqual(
      before.revitFamilyVersions,
    );
    await ok(admin, '/api/family/update', { ...pick(copy), tifAction: 'a' });
    const after = await versionsOf(original.revitFamilyId);
    expect(after.revitFamilyVersions).toHaveLength(2);
    expect(after.revitFamilyVersions[0]).toMatchObject({ sha256: copy.revitFamilyFileHash, current: true });
    expect(after.revitFamilyVersions[1]).toMatchObject({
      versionId: before.revitFamilyVersions[0]!.versionId,
      current: false,
    });
    expect(after.revitFamilyFileHash).toBe(copy.revitFamilyFileHash);
  });

  it('a duplicated change keeps its file as a version of its own, even after the original is deleted', async () => {
    const original = await published();
    const copy = await ok(partner.authToken, '/api/family/update', {
      ...pick(original),
      revitFamilyName: `${original.revitFamilyName} twin`,
    });
    const duplicate = await ok(admin, '/api/family/update', { ...pick(copy), tifAction: 'DUP' });
    expect(duplicate).toMatchObject({
      revitFamilyId: copy.revitFamilyId,
      tifStatus: 'A',
      tifOriginalId: null,
    });
    const deleted = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: original.revitFamilyId }] },
    });
    expect(deleted.status).toBe(200);
    const own = await versionsOf(copy.revitFamilyId);
    expect(own.revitFamilyVersions).toHaveLength(1);
    expect(own.revitFamilyVersions[0]).toMatchObject({ sha256: own.revitFamilyFileHash, current: true });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${copy.revitFamilyId}?versionId=${own.revitFamilyVersions[0]!.versionId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
  });
});

describe('family workflow: two admins acting on one request at once', () => {
  let otherAdmin: string;
  beforeAll(async () => {
    otherAdmin = (await signedInUser(t, { role: 'adminrole', companyId })).authToken;
  });

  // As the spec's client acts: on the record as it read it, its tifStatus included.
  const actAs = (token: string, item: TFamily, action: TTifAction) =>
    send(token, '/api/family/update', { ...pick(item), tifStatus: item.tifStatus, tifAction: action });

  for (const status of ['RfA (new)', 'RfC (copy)'] as const) {
    it(`lets one of an approval and a disapproval of ${status} win; the other finds it decided (409)`, async () => {
      const { item, original } = await MAKERS[status]!();
      const answers = await Promise.all([actAs(admin, item, 'a'), actAs(otherAdmin, item, 'd')]);
      const statuses = answers.map((answer) => answer.status);
      expect([...statuses].sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect((loser.body.errorDetails as TDetail[])[0]!.key).toBe('changedAtOnce');
      const approved = statuses[0] === 200;
      const winner = (
        answers.find((answer) => answer.status === 200)!.body.revitFamilyInfos as TFamily[]
      )[0]!;
      if (status === 'RfA (new)') {
        expect(winner).toMatchObject({ tifStatus: approved ? 'A' : 'D', tifAction: approved ? 'a' : 'd' });
        expect(await state(item.revitFamilyId)).toMatchObject({ tifStatus: winner.tifStatus });
        return;
      }
      // The change applied to the original (the copy gone), or refused and kept as D with the original free.
      expect(await state(original!.revitFamilyId)).toMatchObject({
        tifStatus: 'A',
        tifTempId: null,
        revitFamilyName: approved ? item.revitFamilyName : original!.revitFamilyName,
      });
      expect(await state(item.revitFamilyId)).toEqual(
        approved ? undefined : expect.objectContaining({ tifStatus: 'D' }),
      );
    });
  }
});
