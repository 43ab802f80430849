import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { DEMO_FAMILIES, DEMO_USERS } from './demo-data.ts';
import { DEMO_PASSWORD, seedDemo, type TDemoSummary } from './seed-demo.ts';

// The large size's bulk path at a thousandth of its volumes (the full size is timed by hand and
// in the benches): the records it adds must read like the API's own.
const SCALE = 0.002;
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
    // The totals kept by triggers agree with a search, which counts the rows themselves.
    const [category] = (await post('/api/category/find', { names: ['Fire dampers'] })).categoryInfos as {
      categoryId: number;
      familyCount: number;
    }[];
    const inCategory = await post('/api/family/find', { categoryIds: [category!.categoryId], pageSize: 1 });
    const searched = await post('/api/family/find', {
      categoryIds: [category!.categoryId],
      search: 'damper',
      pageSize: 1,
    });
    expect(inCategory.totalCount).toBe(category!.familyCount);
    expect(searched.totalCount).toBeGreaterThan(DEMO_FAMILIES.filter((f) => f.category === 'dampers').length);
    const found = await post('/api/family/find', { search: '000042' });
    const [bulk] = found.revitFamilyInfos as {
      revitFamilyId: number;
      revitFamilyPictureHash: string | null;
    }[];
    expect(found.totalCount).toBe(1);
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

  it('adds people who sign in with the demo password, and price lists of many items', async () => {
    const users = await post('/api/user/find', { pageSize: 1 });
    // The administrator and the demo people beside the bulk ones.
    expect(users.totalCount).toBe(summary.counts.users + 1);
    expect(summary.counts.users).toBeGreaterThan(DEMO_USERS.length);
    expect((await t.login('bench.user00003', DEMO_PASSWORD)).authToken).toEqual(expect.any(String));
    const lists = await post('/api/prices/find/pricelist', { search: 'BENCH' });
    const [first] = lists.priceListInfos as { priceListId: number; itemCount: number }[];
    expect(first!.itemCount).toBe(200_000 * SCALE);
    const page = await post(`/api/prices/get/pricelist/${first!.priceListId}`, { pageSize: 10 });
    expect(page.totalCount).toBe(200_000 * SCALE);
    expect(summary.counts.priceItems).toBeGreaterThanOrEqual(1_000_000 * SCALE);
  });
});
