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

type TTermsRecord = {
  termsId: number;
  companyId: number | null;
  termsTitle: string;
  createdOn: string;
  lastUpdate: string;
};

describe('terms management', () => {
  it('a partner writes terms for its tree; users of a child company must accept them', async () => {
    const parent = await makeCompany(t);
    const child = await makeCompany(t, { parentId: parent.id });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: parent.id });
    const saved = await t.call('POST', '/api/terms/save', {
      token: partner.authToken,
      body: { termsInfos: [{ termsTitle: 'Tree terms', termsDescription: '# Rules\n\nBe **kind**.' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [terms] = saved.body.termsInfos as TTermsRecord[];
    expect(terms).toMatchObject({ companyId: parent.id, termsTitle: 'Tree terms' });
    expect(terms!.createdOn).toEqual(expect.any(String));
    const member = await signedInUser(t, { companyId: child.id });
    const current = await t.call('GET', '/api/terms/current', { token: member.authToken });
    expect((current.body.termsInfos as TTermsRecord[])[0]?.termsId).toBe(terms!.termsId);
  });

  it('keeps other trees out (404), portal-wide terms for admins (403), and deletes', async () => {
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: mine.id });
    const foreign = await t.call('POST', '/api/terms/save', {
      token: admin,
      body: { termsInfos: [{ termsTitle: 'Other', termsDescription: 'x', companyId: other.id }] },
    });
    const foreignId = (foreign.body.termsInfos as TTermsRecord[])[0]!.termsId;
    expect((await t.call('GET', `/api/terms/get/${foreignId}`, { token: partner.authToken })).status).toBe(
      404,
    );
    const edit = await t.call('POST', '/api/terms/save', {
      token: partner.authToken,
      body: { termsInfos: [{ termsId: foreignId, termsTitle: 'Mine now', termsDescription: 'y' }] },
    });
    expect(edit.status).toBe(404);
    const portalWide = await t.call('POST', '/api/terms/save', {
      token: partner.authToken,
      body: { termsInfos: [{ termsTitle: 'Everyone', termsDescription: 'z', companyId: null }] },
    });
    expect(portalWide.status).toBe(403);
    const listed = await t.call('POST', '/api/terms/find', { token: partner.authToken, body: {} });
    expect((listed.body.termsInfos as TTermsRecord[]).map((x) => x.termsId)).not.toContain(foreignId);
    const deleted = await t.call('POST', '/api/terms/delete', {
      token: admin,
      body: { termsInfos: [{ termsId: foreignId }] },
    });
    expect(deleted.status).toBe(200);
    expect((await t.call('GET', `/api/terms/get/${foreignId}`, { token: admin })).status).toBe(404);
  });
});
