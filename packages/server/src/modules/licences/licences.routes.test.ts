import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeUser, signedInUser, unique } from '../../../test/factories.ts';
import { companies, users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TLicence = {
  licenseInfoId: number;
  currentNumberOfUsers: number;
  maxNumberOfUsers: number;
  validCheck: boolean | null;
  validCheckDate: string | null;
  companies: Array<{ companyId: number }>;
};

async function saveLicence(licence: Record<string, unknown>) {
  const saved = await t.call('POST', '/api/license/save', {
    token: admin,
    body: { licenseInfos: [licence] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.licenseInfos as TLicence[])[0]!;
}

async function useLicence(companyId: number, licenseId: number) {
  await t.database.db.update(companies).set({ licenseId }).where(eq(companies.id, companyId));
}

describe('licences', () => {
  it('counts seats from active users, never from the input, and lists the companies using it', async () => {
    const company = await makeCompany(t);
    const licence = await saveLicence({
      licenseCode: unique('LIC'),
      maxNumberOfUsers: 5,
      currentNumberOfUsers: 99,
    });
    expect(licence.currentNumberOfUsers).toBe(0);
    await useLicence(company.id, licence.licenseInfoId);
    await makeUser(t, { companyId: company.id });
    await makeUser(t, { companyId: company.id });
    // Not counted: an inactive user of the company, and one holding another licence of their own.
    const other = await saveLicence({ licenseCode: unique('LIC'), maxNumberOfUsers: 5 });
    // A licence held by a user directly is set in the database (the API gives licences to companies).
    const holding = async (licenseId: number, options: Parameters<typeof makeUser>[1]) => {
      const { id } = await makeUser(t, options);
      await t.database.db.update(users).set({ licenseId }).where(eq(users.id, id));
    };
    await makeUser(t, { companyId: company.id, extra: { active: false } });
    await holding(other.licenseInfoId, { companyId: company.id });
    // Counted: a user of another company holding it directly; not counted: an inactive one.
    await holding(licence.licenseInfoId, {});
    await holding(licence.licenseInfoId, { extra: { active: false } });
    const got = await t.call('GET', `/api/license/get/${licence.licenseInfoId}`, { token: admin });
    const [record] = got.body.licenseInfos as TLicence[];
    expect(record).toMatchObject({ currentNumberOfUsers: 3, companies: [{ companyId: company.id }] });
    const gotOther = await t.call('GET', `/api/license/get/${other.licenseInfoId}`, { token: admin });
    expect((gotOther.body.licenseInfos as TLicence[])[0]).toMatchObject({ currentNumberOfUsers: 1 });
  });

  it('check fills validCheck and its date: false when expired, true when fine', async () => {
    const expired = await saveLicence({
      licenseCode: unique('OLD'),
      licenseValidUntil: '2020-01-01T00:00:00Z',
    });
    const fine = await saveLicence({ licenseCode: unique('NEW'), licenseValidUntil: '2099-01-01T00:00:00Z' });
    const checked = await t.call('POST', '/api/license/check', {
      token: admin,
      body: {
        checkedLicenseInfos: [
          { licenseInfo: { licenseInfoId: expired.licenseInfoId } },
          { licenseInfo: { licenseInfoId: fine.licenseInfoId } },
        ],
      },
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const byId = new Map((checked.body.licenseInfos as TLicence[]).map((l) => [l.licenseInfoId, l]));
    expect(byId.get(expired.licenseInfoId)?.validCheck).toBe(false);
    expect(byId.get(fine.licenseInfoId)?.validCheck).toBe(true);
    expect(byId.get(fine.licenseInfoId)?.validCheckDate).toEqual(expect.any(String));
  });

  it('finds the licences ending within some days, with or without those already over', async () => {
    const day = 24 * 60 * 60 * 1000;
    const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();
    const prefix = unique('END');
    const over = await saveLicence({ licenseCode: `${prefix}-over`, licenseValidUntil: inDays(-10) });
    const soon = await saveLicence({ licenseCode: `${prefix}-soon`, licenseValidUntil: inDays(10) });
    const later = await saveLicence({ licenseCode: `${prefix}-later`, licenseValidUntil: inDays(100) });
    const never = await saveLicence({ licenseCode: `${prefix}-never` });
    const ids = async (body: Record<string, unknown>) => {
      const found = await t.call('POST', '/api/license/find', {
        token: admin,
        body: { search: prefix, ...body },
      });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      return (found.body.licenseInfos as TLicence[]).map((l) => l.licenseInfoId);
    };
    expect(await ids({ expiringWithinDays: 30 })).toEqual([over.licenseInfoId, soon.licenseInfoId]);
    expect(await ids({ expiringWithinDays: 30, includeExpired: false })).toEqual([soon.licenseInfoId]);
    expect(await ids({ includeExpired: false })).toEqual([
      soon.licenseInfoId,
      later.licenseInfoId,
      never.licenseInfoId,
    ]);
    const bad = await t.call('POST', '/api/license/find', { token: admin, body: { includeExpired: 'no' } });
    expect(bad.status).toBe(400);
    const stranger = await t.call('POST', '/api/license/find', { body: { includeExpired: false } });
    expect(stranger.status).toBe(401);
  });

  it('an expired or inactive licence blocks approving more users of its company (409)', async () => {
    const company = await makeCompany(t);
    const licence = await saveLicence({ licenseCode: unique('BLOCK'), maxNumberOfUsers: 10, active: false });
    await useLicence(company.id, licence.licenseInfoId);
    const pending = await makeUser(t, { companyId: company.id, extra: { active: false } });
    const approved = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: pending.id, active: true }] },
    });
    expect(approved.status).toBe(409);
    expect(approved.body.errorMessages.join(' ')).toContain('inactive');
  });

  it('partners read only the licences of their tree; writing is for admins; the same code twice is 409', async () => {
    const mine = await makeCompany(t);
    const theirs = await makeCompany(t);
    const myLicence = await saveLicence({ licenseCode: unique('MINE') });
    const theirLicence = await saveLicence({ licenseCode: unique('THEIRS') });
    await useLicence(mine.id, myLicence.licenseInfoId);
    await useLicence(theirs.id, theirLicence.licenseInfoId);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: mine.id });
    const found = await t.call('POST', '/api/license/find', { token: partner.authToken, body: {} });
    expect((found.body.licenseInfos as TLicence[]).map((l) => l.licenseInfoId)).toEqual([
      myLicence.licenseInfoId,
    ]);
    expect(
      (await t.call('GET', `/api/license/get/${theirLicence.licenseInfoId}`, { token: partner.authToken }))
        .status,
    ).toBe(404);
    const write = await t.call('POST', '/api/license/save', {
      token: partner.authToken,
      body: { licenseInfos: [{ licenseCode: unique('X') }] },
    });
    expect(write.status).toBe(403);
    const code = unique('DUP');
    const twice = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', '/api/license/save', {
          token: admin,
          body: { licenseInfos: [{ licenseCode: code }] },
        }),
      ),
    );
    expect(twice.filter((r) => r.status === 200)).toHaveLength(1);
    expect(twice.filter((r) => r.status === 409)).toHaveLength(9);
  });
});
