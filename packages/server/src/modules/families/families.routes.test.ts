import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fixture = (year: number) => fs.readFileSync(path.join(FIXTURES, `family-${year}.rfa`));

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TFamily = Record<string, unknown> & { revitFamilyId: number };

async function saveFamily(token: string, family: Record<string, unknown>) {
  return t.call('POST', '/api/family/save', { token, body: { revitFamilyInfos: [family] } });
}

/** Changes one family as the admin (with `tifAction`, acts on a request); fails the test on anything but 200. */
async function updated(family: Record<string, unknown>): Promise<TFamily> {
  const answer = await t.call('POST', '/api/family/update', {
    token: admin,
    body: { revitFamilyInfos: [family] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.revitFamilyInfos as TFamily[])[0]!;
}

describe('families: smoke', () => {
  it('saves a family from base64, reads its version and types, and finds it', async () => {
    const saved = await saveFamily(admin, {
      revitFamilyName: 'Smoke table',
      revitFamilyFileName: 'table.rfa',
      revitFamilyFileBase64: fixture(2024).toString('base64'),
      revitFamilyTags: ['table'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [family] = saved.body.revitFamilyInfos as TFamily[];
    expect(family).toMatchObject({
      revitVersion: '2024',
      revitCategory: 'Furniture',
      typeCount: 3,
      tifStatus: 'A',
    });
    const got = await t.call('GET', `/api/family/get/${family!.revitFamilyId}`, { token: admin });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const [detail] = got.body.revitFamilyInfos as Array<{
      revitFamilyTypes: unknown[];
      revitFamilyVersions: unknown[];
    }>;
    expect(detail!.revitFamilyTypes).toHaveLength(3);
    expect(detail!.revitFamilyVersions).toHaveLength(1);
    const found = await t.call('POST', '/api/family/find', {
      token: admin,
      body: { search: 'smoke 0762', includeFacets: true, includePictures: true },
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.totalCount).toBe(1);
    // One record, however it is asked for: a find's (written by PostgreSQL as JSON and passed on)
    // is the get's without types and versions, and the save's, with the thumbnail it asked for.
    const {
      revitFamilyTypes: _types,
      revitFamilyVersions: _versions,
      versionCount: _versionCount,
      ...plain
    } = detail as unknown as TFamily;
    const [listed] = found.body.revitFamilyInfos as TFamily[];
    expect(listed).toEqual({ ...plain, revitFamilyPictureBase64: expect.any(String) as unknown });
    expect(plain).toEqual(family);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family!.revitFamilyId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fixture(2024))).toBe(true);
  });

  it('a partner request is pending until an admin approves it', async () => {
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const saved = await saveFamily(partner.authToken, {
      revitFamilyName: 'Partner seal',
      revitFamilyFileBase64: fixture(2019).toString('base64'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [family] = saved.body.revitFamilyInfos as TFamily[];
    expect(family!.tifStatus).toBe('RfA');
    const approved = await updated({
      revitFamilyId: family!.revitFamilyId,
      revitFamilyName: 'Partner seal',
      tifAction: 'a',
    });
    expect(approved.tifStatus).toBe('A');
  });
});

type TFacet = { value: string; label: string; count: number };
type TFacets = Record<'categories' | 'revitVersions' | 'ratings' | 'tags' | 'companies', TFacet[]>;
type TPage = { revitFamilyInfos: TFamily[]; totalCount: number; facets?: TFacets };

/** Saves one family as `token` and answers it; fails the test on anything but 200. */
async function made(token: string, family: Record<string, unknown>): Promise<TFamily> {
  const saved = await saveFamily(token, family);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.revitFamilyInfos as TFamily[])[0]!;
}

async function find(body: Record<string, unknown>, token = admin): Promise<TPage> {
  const found = await t.call('POST', '/api/family/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as TPage;
}

const idsOf = (page: TPage) => page.revitFamilyInfos.map((f) => f.revitFamilyId);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function category(): Promise<{ id: number; name: string }> {
  const name = unique('Cat');
  const saved = await t.call('POST', '/api/category/save', {
    token: admin,
    body: { categoryInfos: [{ categoryName: name }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: (saved.body.categoryInfos as Array<{ categoryId: number }>)[0]!.categoryId, name };
}

async function downloadTimes(id: number, times: number) {
  for (let i = 0; i < times; i++) {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.statusCode).toBe(200);
  }
}

describe("a family's list record", () => {
  it('answers every field as it is now: its own changes, its downloads, its category renamed', async () => {
    const cat = await category();
    const family = await made(admin, {
      revitFamilyName: unique('Record'),
      revitFamilyCategoryId: cat.id,
      revitFamilyDescription: 'first',
      cost: 12.5,
      revitFamilyFileName: 'record.rfa',
      revitFamilyFileBase64: fixture(2024).toString('base64'),
    });
    expect(family).toMatchObject({ categoryName: cat.name, cost: 12.5, downloads: 0, tifAction: null });
    expect(family.typeCount).toBeGreaterThan(0);
    const description = 'second, "quoted" \\ and\nwrapped';
    const changed = await updated({ ...family, revitFamilyDescription: description, cost: 3 });
    await downloadTimes(family.revitFamilyId, 2);
    const renamed = unique('Renamed');
    const saved = await t.call('POST', '/api/category/save', {
      token: admin,
      body: { categoryInfos: [{ categoryId: cat.id, categoryName: renamed }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [found] = (await find({ ids: [family.revitFamilyId] })).revitFamilyInfos;
    expect(found).toEqual({ ...changed, categoryName: renamed, downloads: 2 });
    expect(found).toMatchObject({ revitFamilyDescription: description, cost: 3 });
  });
});

describe('families: older clients', () => {
  it('takes revitFamilyTags as one comma-separated text, as a list', async () => {
    const tag = unique('csv').toLowerCase();
    const family = await made(admin, {
      revitFamilyName: unique('Tagged'),
      revitFamilyTags: ` ${tag}, red ,,blue`,
    });
    expect(family.revitFamilyTags).toEqual([tag, 'red', 'blue']);
  });
});

describe('family find: filters', () => {
  it('filters by ids, names, categories, versions, rating, companies and tags, each alone and together', async () => {
    const tag = unique('flt');
    const [catA, catB] = [await category(), await category()];
    const [coA, coB] = [await makeCompany(t), await makeCompany(t)];
    const one = await made(admin, {
      revitFamilyName: `${tag} One`,
      revitFamilyTags: [tag, 'red'],
      revitFamilyCategoryId: catA.id,
      revitFamilyRating: 4.5,
      companyId: coA.id,
      revitFamilyFileBase64: fixture(2019).toString('base64'),
    });
    const two = await made(admin, {
      revitFamilyName: `${tag} Two`,
      revitFamilyTags: [tag, 'blue'],
      revitFamilyCategoryId: catB.id,
      revitFamilyRating: 2,
      companyId: coB.id,
      revitFamilyFileBase64: fixture(2024).toString('base64'),
    });
    const three = await made(admin, {
      revitFamilyName: `${tag} Three`,
      revitFamilyTags: [tag, 'red', 'blue'],
      revitFamilyCategoryId: catA.id,
      revitFamilyRating: 3,
      companyId: coB.id,
      revitFamilyFileBase64: fixture(2024).toString('base64'),
    });
    const all = sorted([one, two, three].map((f) => f.revitFamilyId));
    const within = (filter: Record<string, unknown>) =>
      find({ tags: [tag], ...filter }).then((p) => sorted(idsOf(p)));

    expect(await within({})).toEqual(all);
    expect(
      await find({ ids: [one.revitFamilyId, three.revitFamilyId] }).then((p) => sorted(idsOf(p))),
    ).toEqual(sorted([one.revitFamilyId, three.revitFamilyId]));
    expect(await find({ names: [`${tag} TWO`.toLowerCase()] }).then(idsOf)).toEqual([two.revitFamilyId]);
    expect(await within({ categoryIds: [catA.id] })).toEqual(
      sorted([one.revitFamilyId, three.revitFamilyId]),
    );
    expect(await within({ revitVersions: ['2019'] })).toEqual([one.revitFamilyId]);
    expect(await within({ revitVersions: ['2019', '2024'] })).toEqual(all);
    expect(await within({ minRating: 3 })).toEqual(sorted([one.revitFamilyId, three.revitFamilyId]));
    expect(await within({ minRating: 4.5 })).toEqual([one.revitFamilyId]);
    expect(await within({ companyIds: [coB.id] })).toEqual(sorted([two.revitFamilyId, three.revitFamilyId]));
    expect(await within({ tags: [tag, 'red'] })).toEqual(sorted([one.revitFamilyId, three.revitFamilyId]));
    expect(await within({ tags: [tag, 'red', 'blue'] })).toEqual([three.revitFamilyId]);
    expect(await within({ categoryIds: [catA.id], companyIds: [coB.id], revitVersions: ['2024'] })).toEqual([
      three.revitFamilyId,
    ]);
    expect(await within({ categoryIds: [catB.id], minRating: 3 })).toEqual([]);
    expect(await within({ tifStatuses: ['A'] })).toEqual(all);
    expect(await within({ tifStatuses: ['RfA'] })).toEqual([]);
  });

  it('shows temporary items only with includeTempItems or tifStatuses', async () => {
    const tag = unique('tmp');
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const published = await made(admin, {
      revitFamilyName: `${tag} live`,
      revitFamilyTags: [tag],
      companyId: company.id,
    });
    const pending = await made(partner.authToken, {
      revitFamilyName: `${tag} asked`,
      revitFamilyTags: [tag],
    });
    expect(pending.tifStatus).toBe('RfA');

    for (const token of [admin, partner.authToken]) {
      expect(await find({ tags: [tag] }, token).then(idsOf)).toEqual([published.revitFamilyId]);
      expect(
        await find({ tags: [tag], includeTempItems: true }, token).then((p) => sorted(idsOf(p))),
      ).toEqual(sorted([published.revitFamilyId, pending.revitFamilyId]));
      expect(await find({ tags: [tag], tifStatuses: ['RfA'] }, token).then(idsOf)).toEqual([
        pending.revitFamilyId,
      ]);
    }
  });

  it('keeps a category total right as families are added at once, requested, approved, moved and deleted', async () => {
    const [cat, other] = [await category(), await category()];
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    /** A category's totals: published, with pending requests, and as the partner sees them. */
    const totals = async (categoryId: number) => {
      const totalOf = async (body: Record<string, unknown>, token = admin) =>
        (await find({ categoryIds: [categoryId], pageSize: 1, ...body }, token)).totalCount;
      return [
        await totalOf({}),
        await totalOf({ includeTempItems: true }),
        await totalOf({}, partner.authToken),
      ];
    };
    const tag = unique('count');
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        saveFamily(admin, {
          revitFamilyName: `${tag} ${n}`,
          revitFamilyCategoryId: cat.id,
          ...(n < 5 ? { companyId: company.id } : {}),
        }),
      ),
    );
    expect(saved.map((s) => s.status)).toEqual(Array(20).fill(200));
    expect(await totals(cat.id)).toEqual([20, 20, 5]);
    const asked = await made(partner.authToken, {
      revitFamilyName: `${tag} asked`,
      revitFamilyCategoryId: cat.id,
    });
    expect(await totals(cat.id)).toEqual([20, 21, 5]);
    await updated({
      revitFamilyId: asked.revitFamilyId,
      revitFamilyName: asked.revitFamilyName,
      tifAction: 'a',
    });
    expect(await totals(cat.id)).toEqual([21, 21, 6]);
    const [first, second] = (saved[0]!.body.revitFamilyInfos as TFamily[]).concat(
      saved[1]!.body.revitFamilyInfos as TFamily[],
    );
    await updated({
      revitFamilyId: first!.revitFamilyId,
      revitFamilyName: first!.revitFamilyName,
      revitFamilyCategoryId: other.id,
    });
    expect([await totals(cat.id), await totals(other.id)]).toEqual([
      [20, 20, 5],
      [1, 1, 1],
    ]);
    const deleted = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: second!.revitFamilyId }] },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await totals(cat.id)).toEqual([19, 19, 4]);
    // The same families counted one by one (a condition family_counts does not keep).
    expect((await find({ categoryIds: [cat.id], pageSize: 1, search: tag })).totalCount).toBe(19);
  });

  it('pages with the total, a page past the end empty', async () => {
    const tag = unique('page');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await made(admin, { revitFamilyName: `${tag} ${i}`, revitFamilyTags: [tag] })).revitFamilyId);
    const sort = [{ field: 'revitFamilyName', dir: 'asc' }];
    const first = await find({ tags: [tag], page: 1, pageSize: 2, sort });
    expect(first.totalCount).toBe(5);
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(idsOf(await find({ tags: [tag], page: 3, pageSize: 2, sort }))).toEqual(ids.slice(4));
    const past = await find({ tags: [tag], page: 4, pageSize: 2, sort });
    expect(past).toMatchObject({ revitFamilyInfos: [], totalCount: 5 });
    const bad = await t.call('POST', '/api/family/find', { token: admin, body: { pageSize: 1001 } });
    expect(bad.status).toBe(400);
  });
});

describe('family find: sorting', () => {
  it('sorts by every field both ways', async () => {
    const tag = unique('sort');
    const cats = [await category(), await category(), await category()].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    const companies = [
      await makeCompany(t, { prefix: 'a_co' }),
      await makeCompany(t, { prefix: 'b_co' }),
      await makeCompany(t, { prefix: 'c_co' }),
    ];
    const spec = [
      { name: 'Beta', file: 2019, rating: 1, cost: 30, cat: 2, co: 0, downloads: 2 },
      { name: 'alpha', file: 2024, rating: 5, cost: 10, cat: 0, co: 2, downloads: 0 },
      { name: 'Gamma', file: 2014, rating: 3, cost: 20, cat: 1, co: 1, downloads: 1 },
    ];
    const families: TFamily[] = [];
    for (const s of spec) {
      families.push(
        await made(admin, {
          revitFamilyName: `${tag} ${s.name}`,
          revitFamilyTags: [tag],
          revitFamilyFileBase64: fixture(s.file).toString('base64'),
          revitFamilyRating: s.rating,
          cost: s.cost,
          revitFamilyCategoryId: cats[s.cat]!.id,
          companyId: companies[s.co]!.id,
        }),
      );
    }
    const [beta, alpha, gamma] = families.map((f) => f.revitFamilyId) as [number, number, number];
    for (const [index, s] of spec.entries()) await downloadTimes(families[index]!.revitFamilyId, s.downloads);
    // lastUpdate in the order gamma, beta, alpha.
    for (const id of [gamma, beta, alpha]) {
      const touched = await t.call('POST', '/api/family/update', {
        token: admin,
        body: {
          revitFamilyInfos: [
            {
              revitFamilyId: id,
              revitFamilyName: families.find((f) => f.revitFamilyId === id)!.revitFamilyName,
            },
          ],
        },
      });
      expect(touched.status).toBe(200);
    }

    const expected: Record<string, number[]> = {
      revitFamilyName: [alpha, beta, gamma],
      revitVersion: [gamma, beta, alpha],
      revitFamilyRating: [beta, gamma, alpha],
      cost: [alpha, gamma, beta],
      categoryName: [alpha, gamma, beta],
      companyName: [beta, gamma, alpha],
      downloads: [alpha, gamma, beta],
      createdOn: [beta, alpha, gamma],
      lastUpdate: [gamma, beta, alpha],
    };
    for (const [field, order] of Object.entries(expected)) {
      const up = await find({ tags: [tag], sort: [{ field, dir: 'asc' }] });
      expect(idsOf(up), `${field} asc`).toEqual(order);
      const down = await find({ tags: [tag], sort: [{ field, dir: 'desc' }] });
      expect(idsOf(down), `${field} desc`).toEqual([...order].reverse());
    }
  });

  it('answers 400 for an unknown sort field, __proto__ included', async () => {
    for (const field of ['nope', '__proto__', 'constructor', 'searchText']) {
      const found = await t.call('POST', '/api/family/find', {
        token: admin,
        body: { sort: [{ field, dir: 'asc' }] },
      });
      expect(found.status, field).toBe(400);
      expect((found.body.errorDetails as Array<{ key: string }>)[0]!.key).toBe('sortFieldNotValid');
    }
  });
});

describe('family find: search, pictures and facets', () => {
  it('searches name, description, tags and type names, every word required', async () => {
    const tag = unique('srch');
    const byName = await made(admin, { revitFamilyName: `${tag} Walnut Desk`, revitFamilyTags: [tag] });
    const byDescription = await made(admin, {
      revitFamilyName: `${tag} plain`,
      revitFamilyDescription: 'A sturdy oak bench',
      revitFamilyTags: [tag],
    });
    const byTag = await made(admin, { revitFamilyName: `${tag} tagged`, revitFamilyTags: [tag, 'Outdoor'] });
    const byType = await made(admin, {
      revitFamilyName: `${tag} typed`,
      revitFamilyTags: [tag],
      revitFamilyFileBase64: fixture(2014).toString('base64'),
    });
    const ids = async (search: string) => sorted(idsOf(await find({ tags: [tag], search })));
    expect(await ids('walnut')).toEqual([byName.revitFamilyId]);
    expect(await ids('DESK walnut')).toEqual([byName.revitFamilyId]);
    expect(await ids('walnut bench')).toEqual([]);
    expect(await ids('sturdy OAK')).toEqual([byDescription.revitFamilyId]);
    expect(await ids('outdoor')).toEqual([byTag.revitFamilyId]);
    expect(await ids('0610 x 0915mm')).toEqual([byType.revitFamilyId]);
    expect(await ids('  typed   0762 ')).toEqual([byType.revitFamilyId]);
    expect(await ids('100%')).toEqual([]);
    expect(await ids(tag)).toHaveLength(4);
  });

  it('pages and sorts a search as it pages and sorts a find, the total counting every match', async () => {
    const tag = unique('pgs');
    const catA = await category();
    const catB = await category();
    for (const [name, categoryId] of [
      ['Delta', catA.id],
      ['alpha', catB.id],
      ['Charlie', catA.id],
      ['bravo', catB.id],
      ['Echo', catA.id],
    ] as const)
      await made(admin, {
        revitFamilyName: `${tag} ${name}`,
        revitFamilyTags: [tag],
        revitFamilyCategoryId: categoryId,
      });
    const names = (page: TPage) =>
      page.revitFamilyInfos.map((f) => String(f.revitFamilyName).slice(tag.length + 1));
    const byName = { sort: [{ field: 'revitFamilyName', dir: 'asc' }] };
    const first = await find({ search: tag, page: 1, pageSize: 2, ...byName });
    expect(names(first)).toEqual(['alpha', 'bravo']);
    expect(first.totalCount).toBe(5);
    expect(names(await find({ search: tag, page: 3, pageSize: 2, ...byName }))).toEqual(['Echo']);
    const past = await find({ search: tag, page: 4, pageSize: 2, ...byName });
    expect([names(past), past.totalCount]).toEqual([[], 5]);
    // A page far past the integer range is as empty, searched or not.
    for (const body of [{ search: tag }, { tags: [tag] }]) {
      const far = await find({ ...body, page: 2_000_000_000, pageSize: 1000 });
      expect([names(far), far.totalCount]).toEqual([[], 5]);
    }
    // By category name, then by the name within it (the sort's tie-breaker is the id).
    const byCategory = await find({
      search: tag,
      sort: [
        { field: 'categoryName', dir: catA.name < catB.name ? 'desc' : 'asc' },
        { field: 'revitFamilyName', dir: 'desc' },
      ],
    });
    expect(names(byCategory)).toEqual(['bravo', 'alpha', 'Echo', 'Delta', 'Charlie']);
    // The same without a search, for the same answers.
    expect(names(await find({ tags: [tag], page: 3, pageSize: 2, ...byName }))).toEqual(['Echo']);
  });

  it('answers small PNG thumbnails with includePictures, never the full picture', async () => {
    const tag = unique('pic');
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const family = await made(admin, {
      revitFamilyName: `${tag} pictured`,
      revitFamilyTags: [tag],
      revitFamilyPictureBase64: picture.toString('base64'),
    });
    const bare = await made(admin, { revitFamilyName: `${tag} bare`, revitFamilyTags: [tag] });
    const without = await find({ tags: [tag] });
    expect(without.revitFamilyInfos[0]!.revitFamilyPictureBase64).toBeUndefined();
    const page = await find({
      tags: [tag],
      includePictures: true,
      sort: [{ field: 'revitFamilyName', dir: 'desc' }],
    });
    const [pictured, none] = page.revitFamilyInfos;
    expect(pictured!.revitFamilyId).toBe(family.revitFamilyId);
    expect(none).toMatchObject({ revitFamilyId: bare.revitFamilyId, revitFamilyPictureBase64: null });
    const thumb = Buffer.from(pictured!.revitFamilyPictureBase64 as string, 'base64');
    expect(thumb.equals(picture)).toBe(false);
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256 });
    expect(meta.height).toBeLessThanOrEqual(256);
  });

  it('counts facets over the other filters: a facet ignores its own filter', async () => {
    const tag = unique('fct');
    const [catA, catB] = [await category(), await category()];
    const co = await makeCompany(t);
    const base = { revitFamilyTags: [tag], companyId: co.id };
    await made(admin, {
      ...base,
      revitFamilyName: `${tag} 1`,
      revitFamilyCategoryId: catA.id,
      revitFamilyRating: 5,
      revitFamilyFileBase64: fixture(2019).toString('base64'),
    });
    await made(admin, {
      ...base,
      revitFamilyName: `${tag} 2`,
      revitFamilyCategoryId: catA.id,
      revitFamilyRating: 2,
      revitFamilyFileBase64: fixture(2024).toString('base64'),
    });
    await made(admin, {
      ...base,
      revitFamilyName: `${tag} 3`,
      revitFamilyCategoryId: catB.id,
      revitFamilyRating: 4,
      revitFamilyTags: [tag, 'extra'],
      revitFamilyFileBase64: fixture(2024).toString('base64'),
    });

    const all = await find({ search: tag, includeFacets: true });
    const facets = all.facets!;
    expect(facets.categories).toEqual(
      [
        { value: String(catA.id), label: catA.name, count: 2 },
        { value: String(catB.id), label: catB.name, count: 1 },
      ].sort((a, b) => a.label.localeCompare(b.label)),
    );
    expect(facets.revitVersions).toEqual([
      { value: '2024', label: '2024', count: 2 },
      { value: '2019', label: '2019', count: 1 },
    ]);
    expect(facets.ratings).toEqual([
      { value: '5', label: '5', count: 1 },
      { value: '4', label: '4', count: 2 },
      { value: '3', label: '3', count: 2 },
      { value: '2', label: '2', count: 3 },
      { value: '1', label: '1', count: 3 },
    ]);
    expect(facets.tags).toEqual([
      { value: tag, label: tag, count: 3 },
      { value: 'extra', label: 'extra', count: 1 },
    ]);
    expect(facets.companies).toEqual([{ value: String(co.id), label: co.name, count: 3 }]);

    // The scope is a search (no facet of its own). Filtered to category A: the category facet still counts both, the others only A's families.
    const inA = await find({ search: tag, categoryIds: [catA.id], includeFacets: true });
    expect(inA.totalCount).toBe(2);
    expect(inA.facets!.categories.map((c) => c.count).sort()).toEqual([1, 2]);
    expect(inA.facets!.revitVersions).toEqual([
      { value: '2024', label: '2024', count: 1 },
      { value: '2019', label: '2019', count: 1 },
    ]);
    expect(inA.facets!.tags).toEqual([{ value: tag, label: tag, count: 2 }]);

    // Filtered to version 2024 and rating 3+: versions ignore their filter but respect the rating.
    const narrow = await find({ search: tag, revitVersions: ['2024'], minRating: 3, includeFacets: true });
    expect(narrow.totalCount).toBe(1);
    expect(narrow.facets!.revitVersions).toEqual([
      { value: '2024', label: '2024', count: 1 },
      { value: '2019', label: '2019', count: 1 },
    ]);
    expect(narrow.facets!.ratings.find((r) => r.value === '2')!.count).toBe(2);
    expect(narrow.facets!.categories).toEqual([{ value: String(catB.id), label: catB.name, count: 1 }]);

    const tagged = await find({ search: tag, tags: ['extra'], includeFacets: true });
    expect(tagged.totalCount).toBe(1);
    expect(tagged.facets!.tags).toEqual([
      { value: tag, label: tag, count: 3 },
      { value: 'extra', label: 'extra', count: 1 },
    ]);
    expect(tagged.facets!.revitVersions).toEqual([{ value: '2024', label: '2024', count: 1 }]);
  });
});

describe('family tenancy', () => {
  it("answers 404 to a partner of another tree on every route and leaves the family out of the partner's find", async () => {
    const tag = unique('ten');
    const home = await makeCompany(t);
    const child = await makeCompany(t, { parentId: home.id });
    const owner = await signedInUser(t, { role: 'partnerrole', companyId: home.id });
    const stranger = await signedInUser(t, { role: 'partnerrole' });
    const published = await made(admin, {
      revitFamilyName: `${tag} published`,
      revitFamilyTags: [tag],
      companyId: child.id,
      revitFamilyFileBase64: fixture(2021).toString('base64'),
    });
    const pending = await made(owner.authToken, {
      revitFamilyName: `${tag} pending`,
      revitFamilyTags: [tag],
      revitFamilyFileBase64: fixture(2021).toString('base64'),
    });
    // The owner sees both, the child company's too.
    expect(sorted(idsOf(await find({ tags: [tag], includeTempItems: true }, owner.authToken)))).toEqual(
      sorted([published.revitFamilyId, pending.revitFamilyId]),
    );
    expect(await find({ tags: [tag], includeTempItems: true }, stranger.authToken)).toMatchObject({
      revitFamilyInfos: [],
      totalCount: 0,
    });
    const stranger404 = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const answer = await t.call(method, url, { token: stranger.authToken, ...(body ? { body } : {}) });
      expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(404);
    };
    for (const family of [published, pending]) {
      const id = family.revitFamilyId;
      await stranger404('GET', `/api/family/get/${id}`);
      await stranger404('POST', '/api/family/update', {
        revitFamilyInfos: [{ revitFamilyId: id, revitFamilyName: 'taken' }],
      });
      await stranger404('POST', '/api/family/delete', { revitFamilyInfos: [{ revitFamilyId: id }] });
      await stranger404('POST', '/api/family/download/ticket', { revitFamilyId: id });
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/family/download/content/${id}`,
        headers: { authorization: `Bearer ${stranger.authToken}` },
      });
      expect(download.statusCode).toBe(404);
      expect(download.json()).toMatchObject({ responseCode: 404 });
    }
    const after = await t.call('GET', `/api/family/get/${published.revitFamilyId}`, { token: admin });
    expect((after.body.revitFamilyInfos as TFamily[])[0]).toMatchObject({
      revitFamilyName: published.revitFamilyName,
      tifStatus: 'A',
      tifTempId: null,
      downloads: 0,
    });
  });

  it("refuses a partner filing a family under another tree's company or moving one there (404), storing nothing", async () => {
    const partner = await signedInUser(t, { role: 'partnerrole' });
    const elsewhere = await makeCompany(t);
    const name = unique('escape');
    const created = await saveFamily(partner.authToken, { revitFamilyName: name, companyId: elsewhere.id });
    expect(created.status).toBe(404);
    expect((created.body.errorDetails as Array<{ values?: { name?: string } }>)[0]!.values?.name).toBe(
      'company',
    );
    expect((await find({ names: [name], includeTempItems: true })).totalCount).toBe(0);
    const own = await made(admin, { revitFamilyName: unique('stay'), companyId: partner.companyId });
    const moved = await t.call('POST', '/api/family/update', {
      token: partner.authToken,
      body: {
        revitFamilyInfos: [
          { revitFamilyId: own.revitFamilyId, revitFamilyName: 'moved', companyId: elsewhere.id },
        ],
      },
    });
    expect(moved.status).toBe(404);
    expect(await find({ ids: [own.revitFamilyId], includeTempItems: true })).toMatchObject({
      totalCount: 1,
      revitFamilyInfos: [{ companyId: partner.companyId, tifTempId: null }],
    });
  });

  it("refuses a partner linking its family to another tree's parameter list, or to one that does not exist (404)", async () => {
    const owner = await signedInUser(t, { role: 'partnerrole' });
    const other = await signedInUser(t, { role: 'partnerrole' });
    const listOf = async (token: string) => {
      const saved = await t.call('POST', '/api/parameters/save/parameterlist', {
        token,
        body: { parameterListInfos: [{ parameterListCode: unique('list'), parameters: [] }] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return (saved.body.parameterListInfos as Array<{ parameterListId: number }>)[0]!.parameterListId;
    };
    const secret = await listOf(owner.authToken);
    const name = unique('borrow');
    for (const parameterListId of [secret, 2_000_000_000]) {
      const refused = await saveFamily(other.authToken, { revitFamilyName: name, parameterListId });
      expect(refused.status, JSON.stringify(refused.body)).toBe(404);
      expect((refused.body.errorDetails as Array<{ values?: { name?: string } }>)[0]!.values?.name).toBe(
        'parameter list',
      );
    }
    expect((await find({ names: [name], includeTempItems: true })).totalCount).toBe(0);
    const own = await saveFamily(other.authToken, {
      revitFamilyName: name,
      parameterListId: await listOf(other.authToken),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('shows an end user the published families of every company, never temporary items', async () => {
    const tag = unique('usr');
    const partner = await signedInUser(t, { role: 'partnerrole' });
    const reader = await signedInUser(t, { role: 'userrole' });
    const elsewhere = await made(admin, {
      revitFamilyName: `${tag} elsewhere`,
      revitFamilyTags: [tag],
      companyId: partner.companyId,
    });
    const ownless = await made(admin, { revitFamilyName: `${tag} global`, revitFamilyTags: [tag] });
    const pending = await made(partner.authToken, {
      revitFamilyName: `${tag} pending`,
      revitFamilyTags: [tag],
    });
    const change = await t.call('POST', '/api/family/update', {
      token: partner.authToken,
      body: {
        revitFamilyInfos: [{ revitFamilyId: elsewhere.revitFamilyId, revitFamilyName: `${tag} changed` }],
      },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const copy = (change.body.revitFamilyInfos as TFamily[])[0]!;

    for (const body of [
      { tags: [tag] },
      { tags: [tag], includeTempItems: true },
      { tags: [tag], tifStatuses: ['RfA', 'RfC', 'A'] },
    ]) {
      expect(sorted(idsOf(await find(body, reader.authToken))), JSON.stringify(body)).toEqual(
        sorted([elsewhere.revitFamilyId, ownless.revitFamilyId]),
      );
    }
    expect(
      (await t.call('GET', `/api/family/get/${elsewhere.revitFamilyId}`, { token: reader.authToken })).status,
    ).toBe(200);
    for (const id of [pending.revitFamilyId, copy.revitFamilyId]) {
      expect((await t.call('GET', `/api/family/get/${id}`, { token: reader.authToken })).status).toBe(404);
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/family/download/content/${id}`,
        headers: { authorization: `Bearer ${reader.authToken}` },
      });
      expect(download.statusCode).toBe(404);
    }
    const pendingCount = await t.call('GET', '/api/family/pending-count', { token: reader.authToken });
    expect(pendingCount.status).toBe(200);
  });

  it('answers 400 for ids past 2^31-1 and 404 for an unknown id', async () => {
    const big = 2 ** 31;
    expect((await t.call('GET', `/api/family/get/${big}`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/family/get/99999999999999999999', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/family/get/-1', { token: admin })).status).toBe(400);
    expect((await t.call('POST', '/api/family/find', { token: admin, body: { ids: [big] } })).status).toBe(
      400,
    );
    expect(
      (
        await t.call('POST', '/api/family/update', {
          token: admin,
          body: { revitFamilyInfos: [{ revitFamilyId: big, revitFamilyName: 'x' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/family/delete', {
          token: admin,
          body: { revitFamilyInfos: [{ revitFamilyId: big }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/family/download/ticket', { token: admin, body: { revitFamilyId: big } }))
        .status,
    ).toBe(400);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${big}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(400);
    expect((await t.call('GET', `/api/family/get/${2 ** 31 - 1}`, { token: admin })).status).toBe(404);
  });

  it('reads a path or query id as digits only: 0x1, 1e0, 1.0 and a leading space are 400, 0 is "at least 1"', async () => {
    const family = (await made(admin, { revitFamilyName: unique('digits') })).revitFamilyId;
    expect((await t.call('GET', `/api/family/get/${family}`, { token: admin })).status).toBe(200);
    for (const id of ['0x1', '1e0', '1.0', '%201', '+1', '', '01x']) {
      const answer = await t.call('GET', `/api/family/get/${id}`, { token: admin });
      expect(answer.status, id).toBe(id === '' ? 404 : 400);
    }
    const zero = await t.call('GET', '/api/family/get/0', { token: admin });
    expect(zero.status).toBe(400);
    expect((zero.body.errorDetails as Array<{ key: string; values?: { min?: number } }>)[0]).toMatchObject({
      key: 'tooSmall',
      values: { min: 1 },
    });
    const loose = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family}?versionId=1e3`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(loose.statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to a role without the permission', async () => {
    expect((await t.call('POST', '/api/family/find', { body: {} })).status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole' });
    expect((await saveFamily(reader.authToken, { revitFamilyName: unique('nope') })).status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/family/delete', {
          token: reader.authToken,
          body: { revitFamilyInfos: [{ revitFamilyId: 1 }] },
        })
      ).status,
    ).toBe(403);
  });
});
