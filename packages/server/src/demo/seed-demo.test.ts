import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { DEMO_COMPANIES, DEMO_FAMILIES, DEMO_USERS } from './demo-data.ts';
import { DEMO_PASSWORD, DemoRefusedError, seedDemo, type TDemoSummary } from './seed-demo.ts';

// One portal seeded once for the whole file: seeding is the slow part (families, argon2 hashes).
let t: TTestApp;
let summary: TDemoSummary;
let admin: string;

const post = async (url: string, body: unknown, token = admin) => {
  const answer = await t.call('POST', url, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** What a second run must leave as it was: counts of every list the demo fills. */
async function footprint() {
  const totals: Record<string, unknown> = {};
  const finds: [string, string][] = [
    ['/api/company/find', 'companies'],
    ['/api/user/find', 'users'],
    ['/api/license/find', 'licences'],
    ['/api/terms/find', 'terms'],
    ['/api/category/find', 'categories'],
    ['/api/family/find', 'families'],
    ['/api/scenario/find', 'scenarios'],
    ['/api/placement-rules/find', 'rules'],
    ['/api/prices/find/pricelist', 'priceLists'],
    ['/api/parameters/find/parameterlist', 'parameterLists'],
    ['/api/list/find', 'lists'],
    ['/api/activity/find', 'activity'],
  ];
  for (const [url, name] of finds) totals[name] = (await post(url, { pageSize: 1 })).totalCount;
  totals.pending = (await t.call('GET', '/api/approvals/pending-count', { token: admin })).body.pendingCount;
  return totals;
}

beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemo({ size: 'small', app: t.app, adminPassword: ADMIN_PASSWORD });
  admin = await t.adminToken();
}, 180_000);

afterAll(() => t?.close());

describe('seedDemo', () => {
  it('makes the companies, people and content it promises', async () => {
    expect(summary.counts).toMatchObject({
      companies: DEMO_COMPANIES.length,
      users: DEMO_USERS.length,
      families: DEMO_FAMILIES.length,
      familyVersions: DEMO_FAMILIES.reduce((sum, f) => sum + f.files.length, 0),
    });
    const companies = await post('/api/company/find', { names: DEMO_COMPANIES.map((c) => c.name) });
    expect(companies.totalCount).toBe(DEMO_COMPANIES.length);
    const users = await post('/api/user/find', { logins: DEMO_USERS.map((u) => u.login) });
    expect(users.totalCount).toBe(DEMO_USERS.length);
    const roles = new Set(
      (users.userInfos as { roles: { roleName: string }[] }[]).flatMap((u) => u.roles.map((r) => r.roleName)),
    );
    expect([...roles].sort()).toEqual(['adminrole', 'partnerrole', 'partneruserrole', 'userrole']);
    // Published families (the partner's new one waits as a request).
    const families = await post('/api/family/find', { includeFacets: true });
    expect(families.totalCount).toBe(DEMO_FAMILIES.length);
    const collar = (families.revitFamilyInfos as Record<string, unknown>[]).find(
      (f) => f.revitFamilyName === 'PG Intumescent Pipe Collar PC-110',
    )!;
    expect(collar).toMatchObject({ typeSource: 'catalog', typeCount: 5, pictureFromFile: true });
    expect(collar.revitFamilyPictureHash).toEqual(expect.any(String));
    const detail = await t.call('GET', `/api/family/get/${String(collar.revitFamilyId)}`, { token: admin });
    expect((detail.body.revitFamilyInfos as { versionCount: number }[])[0]!.versionCount).toBe(3);
    const categories = await post('/api/category/find', {});
    for (const category of categories.categoryInfos as { categoryPictureHash: string | null }[])
      expect(category.categoryPictureHash).toEqual(expect.any(String));
    expect((await post('/api/scenario/find', {})).totalCount).toBe(summary.counts.scenarios);
    expect((await post('/api/placement-rules/find', {})).totalCount).toBe(summary.counts.placementRules);
    const lists = await post('/api/prices/find/pricelist', {});
    expect(lists.totalCount).toBe(4);
    expect(summary.counts.priceItems).toBeGreaterThan(40);
    const licences = await post('/api/license/find', { expiringWithinDays: 30, includeExpired: false });
    expect(licences.totalCount).toBe(1);
  });

  it('files the companies in a parent/child tree, the manufacturers with their logos', async () => {
    const [pyro] = (await post('/api/company/find', { names: ['Pyroguard Systems'], includeLogos: true }))
      .companyInfos as Record<string, unknown>[];
    expect(pyro).toMatchObject({
      parentCompany: null,
      childCompanyCount: 3,
      useParentCompanyBranding: false,
    });
    expect(pyro!.companyLogoHash).toEqual(expect.any(String));
    const children = await post('/api/company/find', { parentIds: [pyro!.companyId] });
    const names = (children.companyInfos as { companyName: string }[]).map((c) => c.companyName).sort();
    expect(names).toEqual(['Pyroguard Deutschland GmbH', 'Pyroguard Nordic AB', 'Pyroguard UK Ltd']);
    const [academy] = (await post('/api/company/find', { names: ['Pyroguard Installer Academy'] }))
      .companyInfos as { parentCompany: { companyName: string } }[];
    expect(academy!.parentCompany.companyName).toBe('Pyroguard UK Ltd');
    // A subsidiary's people see their manufacturer's logo in the header.
    const fischer = await t.login('j.fischer', DEMO_PASSWORD);
    const branding = await t.call('GET', '/api/company/branding', { token: fischer.authToken });
    expect(branding.body.branding).toMatchObject({
      companyName: 'Pyroguard Systems',
      logoHash: pyro!.companyLogoHash,
    });
  });

  it("puts partners' changes in the approvals inbox", async () => {
    const inbox = await post('/api/approvals/find', {});
    expect(inbox.totalCount).toBe(summary.counts.pendingRequests);
    expect(summary.counts.pendingRequests).toBeGreaterThanOrEqual(5);
    const kinds = (inbox.approvalInfos as { recordKind: string }[]).map((r) => r.recordKind);
    expect(new Set(kinds)).toEqual(new Set(['family', 'scenario', 'placementRule']));
  });

  it('lets the admin sign in with the password given, and every demo person with the demo password', async () => {
    expect((await t.login('admin', ADMIN_PASSWORD)).authToken).toEqual(expect.any(String));
    for (const login of ['c.moreau', 's.laurent', 'h.sato'])
      expect((await t.login(login, DEMO_PASSWORD)).authToken).toEqual(expect.any(String));
  });

  it('shows non-zero statistics for the last 90 days', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 89 * 24 * 3600 * 1000);
    const answer = await post('/api/statistics/get', {
      isoStartDate: start.toISOString().slice(0, 10),
      isoEndDate: end.toISOString().slice(0, 10),
    });
    const info = answer.statisticsInfo as {
      totals: Record<string, number>;
      topFamilies: unknown[];
      days: { signIns: number }[];
    };
    expect(info.totals.signIns).toBeGreaterThan(100);
    expect(info.totals.downloads).toBeGreaterThan(50);
    expect(info.totals.activeUsers).toBeGreaterThanOrEqual(DEMO_USERS.length - 2);
    expect(info.totals.pendingApprovals).toBe(summary.counts.pendingRequests);
    expect(info.totals.licencesExpiringSoon).toBeGreaterThanOrEqual(1);
    expect(info.topFamilies.length).toBeGreaterThan(5);
    expect(info.days.filter((d) => d.signIns > 0).length).toBeGreaterThan(60);
  });

  it('refuses a second run and changes nothing', async () => {
    const before = await footprint();
    await expect(seedDemo({ size: 'small', app: t.app, adminPassword: ADMIN_PASSWORD })).rejects.toThrow(
      DemoRefusedError,
    );
    await expect(seedDemo({ size: 'large', app: t.app, adminPassword: ADMIN_PASSWORD })).rejects.toThrow(
      /holds the demo data already/,
    );
    expect(await footprint()).toEqual(before);
  });
});
