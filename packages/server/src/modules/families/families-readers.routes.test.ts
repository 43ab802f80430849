import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fileBase64 = fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64');

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let reader: TSignedIn;

type TVersion = { versionId: number; uploadedBy: { id: number; login: string } | null };
type TFamily = {
  revitFamilyId: number;
  revitFamilyName: string;
  revitFamilyDescription: string | null;
  tifStatus: string | null;
  tifAction: string | null;
  tifOriginalId: number | null;
  tifTempId: number | null;
  lastUpdate: string;
  revitFamilyVersions?: TVersion[];
};
type TPage = {
  revitFamilyInfos: TFamily[];
  totalCount: number;
  facets?: { companies: Array<{ value: string; count: number }> };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId });
  // An end user of the partner's own company: the tree whose requests it must still not see.
  reader = await signedInUser(t, { role: 'userrole', companyId });
});
afterAll(() => t.close());

async function families(token: string, url: string, family: Record<string, unknown>): Promise<TFamily> {
  const answer = await t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return (answer.body.revitFamilyInfos as TFamily[])[0]!;
}

async function find(token: string, body: Record<string, unknown>): Promise<TPage> {
  const answer = await t.call('POST', '/api/family/find', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as TPage;
}

async function get(token: string, id: number) {
  const answer = await t.call('GET', `/api/family/get/${id}`, { token });
  return { status: answer.status, family: (answer.body.revitFamilyInfos as TFamily[] | undefined)?.[0] };
}

const pendingCount = async (token: string) =>
  (await t.call('GET', '/api/family/pending-count', { token })).body.pendingCount as number;

/** A family the admin published and a partner's pending change of it: each test makes its own. */
async function publishedWithRequest(): Promise<{ name: string; original: TFamily; copy: TFamily }> {
  const name = unique('Damper');
  const original = await families(admin, '/api/family/save', {
    revitFamilyName: name,
    revitFamilyDescription: 'as published',
    revitFamilyFileBase64: fileBase64,
    companyId,
  });
  const copy = await families(partner.authToken, '/api/family/update', {
    revitFamilyId: original.revitFamilyId,
    revitFamilyName: `${name} asked`,
    revitFamilyDescription: 'as asked',
  });
  return { name, original, copy };
}

describe('families: an end user never sees a pending change', () => {
  it('finds the published original only, without the fields that tell of the request, however asked', async () => {
    const { name, original, copy } = await publishedWithRequest();
    for (const extra of [{}, { includeTempItems: true }, { tifStatuses: ['RfC', 'A'] }]) {
      const page = await find(reader.authToken, { search: name, includeFacets: true, ...extra });
      expect(page.totalCount, JSON.stringify(extra)).toBe(1);
      expect(page.revitFamilyInfos).toEqual([
        expect.objectContaining({
          revitFamilyId: original.revitFamilyId,
          revitFamilyName: name,
          revitFamilyDescription: 'as published',
          tifStatus: 'A',
          tifAction: null,
          tifOriginalId: null,
          tifTempId: null,
          // The request marked on the original is no change of it.
          lastUpdate: original.lastUpdate,
        }),
      ]);
      expect(page.facets!.companies).toEqual([
        expect.objectContaining({ value: String(companyId), count: 1 }),
      ]);
    }
    expect((await find(reader.authToken, { ids: [copy.revitFamilyId] })).totalCount).toBe(0);
    // A contributor of the tree still sees the request on its original.
    const seen = await find(partner.authToken, { search: name, includeTempItems: true });
    expect(seen.totalCount).toBe(2);
    expect(seen.revitFamilyInfos.find((f) => f.revitFamilyId === original.revitFamilyId)!.tifTempId).toBe(
      copy.revitFamilyId,
    );
  });

  it('gets the original without workflow fields or uploaders, the request not at all, and no pending count', async () => {
    const { name, original, copy } = await publishedWithRequest();
    const { status, family } = await get(reader.authToken, original.revitFamilyId);
    expect(status).toBe(200);
    expect(family).toMatchObject({
      revitFamilyName: name,
      tifAction: null,
      tifOriginalId: null,
      tifTempId: null,
    });
    expect(family!.revitFamilyVersions!.length).toBeGreaterThan(0);
    expect(family!.revitFamilyVersions!.every((version) => version.uploadedBy === null)).toBe(true);
    expect((await get(reader.authToken, copy.revitFamilyId)).status).toBe(404);
    expect(await pendingCount(reader.authToken)).toBe(0);

    // Contributors and admins still see the uploader and what waits.
    const asAdmin = await get(admin, original.revitFamilyId);
    expect(asAdmin.family!.revitFamilyVersions![0]!.uploadedBy).toMatchObject({ login: 'admin' });
    expect(asAdmin.family!.tifTempId).toBe(copy.revitFamilyId);
    expect(await pendingCount(partner.authToken)).toBeGreaterThan(0);
  });

  it('shows the change once approved, never having shown it pending', async () => {
    const { name, original, copy } = await publishedWithRequest();
    const acted = await t.call('POST', '/api/approvals/act', {
      token: admin,
      body: { requests: [{ kind: 'family', id: copy.revitFamilyId }], action: 'a' },
    });
    expect(acted.status, JSON.stringify(acted.body)).toBe(200);
    const { family } = await get(reader.authToken, original.revitFamilyId);
    expect(family).toMatchObject({
      revitFamilyName: `${name} asked`,
      revitFamilyDescription: 'as asked',
      tifStatus: 'A',
      tifAction: null,
      tifTempId: null,
    });
    expect(family!.lastUpdate > original.lastUpdate).toBe(true);
  });
});
