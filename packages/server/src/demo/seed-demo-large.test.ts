import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { BULK_CATEGORIES, bulkFamilies, bulkPeople, PERSON_SEARCH_WORD, SEARCH_WORD } from './demo-bulk.ts';
import { DEMO_FAMILIES, DEMO_USERS } from './demo-data.ts';
import { DEMO_PASSWORD, seedDemo, type TDemoSummary } from './seed-demo.ts';

// The large size's bulk path at a hundredth of its volumes (the full size is timed by the seed
// bench): the records it adds must read like the API's own, and its searches find known shares.
const SCALE = 0.01;
let t: TTestApp;
let summary: TDemoSummary;
let admin: string;

const post = async (url: string, body: unknown) => {
  const answer = await t.call('POST', url, { token: admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemo({ size: 'large', largeScale: SCALE, app: t.app, adminPassword: ADMIN_PASSWORD });
  admin = await t.adminToken();
}, 180_000);

afterAll(() => t?.close());

describe('seedDemo, large size', () => {
  it('adds the families in bulk, each with its file, category and current version', async () => {
    expect(summary.counts.families).toBe(100_000 * SCALE);
    const all = await post('/api/family/find', { pageSize: 1 });
    expect(all.totalCount).toBe(summary.counts.families);
    const search = summary.search!;
    expect(search.category.name).toBe('Doors');
    // The totals kept by triggers agree with a find, which counts the rows themselves.
    const [category] = (await post('/api/category/find', { names: ['Doors'] })).categoryInfos as {
      categoryId: number;
      familyCount: number;
    }[];
    expect(category!.categoryId).toBe(search.category.id);
    const inCategory = await post('/api/family/find', { categoryIds: [search.category.id], pageSize: 1 });
    expect(inCategory.totalCount).toBe(category!.familyCount);
    expect(inCategory.totalCount).toBe(search.familiesInCategory);
    const [bulk] = inCategory.revitFamilyInfos as {
      revitFamilyId: number;
      revitFamilyPictureHash: string | null;
    }[];
    expect(bulk!.revitFamilyPictureHash).toEqual(expect.any(String));
    const detail = await t.call('GET', `/api/family/get/${bulk!.revitFamilyId}`, { token: admin });
    const [record] = detail.body.revitFamilyInfos as {
      versionCount: number;
      revitFamilyVersions: { current: boolean }[];
    }[];
    expect(record!.versionCount).toBe(1);
    expect(record!.revitFamilyVersions[0]!.current).toBe(true);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${bulk!.revitFamilyId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBeGreaterThan(200_000);
  });

  it('spreads the families so a search finds a known share, as the summary counts it', async () => {
    const search = summary.search!;
    const bulkFamilyCount = summary.counts.families - DEMO_FAMILIES.length;
    // About 1 % hold the search word and a twentieth are Doors (binomial bands at this size).
    expect(search.familiesMatching / bulkFamilyCount).toBeGreaterThan(0.004);
    expect(search.familiesMatching / bulkFamilyCount).toBeLessThan(0.02);
    expect(search.familiesInCategory / bulkFamilyCount).toBeGreaterThan(0.03);
    expect(search.familiesInCategory / bulkFamilyCount).toBeLessThan(0.075);
    const found = await post('/api/family/find', { search: SEARCH_WORD, pageSize: 1 });
    expect(found.totalCount).toBe(search.familiesMatching);
    const inCategory = await post('/api/family/find', {
      categoryIds: [search.category.id],
      search: SEARCH_WORD,
      pageSize: 1,
    });
    expect(inCategory.totalCount).toBe(search.familiesInCategoryMatching);
  });

  it('adds people who sign in with the demo password, and price lists of many items', async () => {
    const users = await post('/api/user/find', { pageSize: 1 });
    // The administrator and the demo people beside the bulk ones.
    expect(users.totalCount).toBe(summary.counts.users + 1);
    expect(users.totalCount).toBe(summary.search!.people);
    expect(summary.counts.users).toBeGreaterThan(DEMO_USERS.length);
    const anna = await post('/api/user/find', { search: PERSON_SEARCH_WORD, pageSize: 1 });
    expect(anna.totalCount).toBe(summary.search!.peopleMatching);
    const demoLogins = new Set(['admin', ...DEMO_USERS.map((u) => u.login)]);
    const active = (await post('/api/user/find', { active: true, pageSize: 50 })).userInfos as {
      login: string;
    }[];
    const person = active.find((u) => !demoLogins.has(u.login));
    expect((await t.login(person!.login, DEMO_PASSWORD)).authToken).toEqual(expect.any(String));
    const lists = await post('/api/prices/find/pricelist', { search: 'BENCH' });
    const [first] = lists.priceListInfos as { priceListId: number; itemCount: number }[];
    expect(first!.itemCount).toBe(200_000 * SCALE);
    const page = await post(`/api/prices/get/pricelist/${first!.priceListId}`, { pageSize: 10 });
    expect(page.totalCount).toBe(200_000 * SCALE);
    expect(summary.counts.priceItems).toBeGreaterThanOrEqual(1_000_000 * SCALE);
  });
});

describe('the bulk generators at the full size', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('draws families with the search word in about 1 % and each category in about 5 %', () => {
    const families = [...bulkFamilies(20_000, now)].flat();
    const share = (n: number) => n / families.length;
    expect(share(families.filter((f) => f.searchText.includes(SEARCH_WORD)).length)).toBeCloseTo(0.01, 2);
    for (let c = 0; c < BULK_CATEGORIES.length; c++) {
      const inCategory = share(families.filter((f) => f.categoryIndex === c).length);
      expect(inCategory).toBeGreaterThan(0.045);
      expect(inCategory).toBeLessThan(0.055);
    }
    // Repeatable: the same library every run.
    expect([...bulkFamilies(50, now)].flat()).toEqual(families.slice(0, 50));
  });

  it('draws people with "anna" in about 3 %, with unique logins beside those taken', () => {
    const people = bulkPeople(10_000, now, ['Anna.Muller']);
    const matching = people.filter((p) =>
      [p.login, p.firstName, p.lastName, p.email].some((text) =>
        text.toLowerCase().includes(PERSON_SEARCH_WORD),
      ),
    );
    expect(matching.length / people.length).toBeGreaterThan(0.02);
    expect(matching.length / people.length).toBeLessThan(0.04);
    expect(new Set(people.map((p) => p.login)).size).toBe(people.length);
    expect(people.map((p) => p.login)).not.toContain('anna.muller');
  });
});
