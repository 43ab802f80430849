import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TCategory = {
  categoryId: number;
  categoryName: string;
  categoryDescription: string | null;
  categoryPictureHash: string | null;
  categoryPictureFileName: string | null;
  active: boolean;
  familyCount: number;
};
type TDetail = { key: string; values?: Record<string, string | number>; field?: string };

const png = (color = '#336699', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function save(token: string, categoryInfos: Record<string, unknown>[]) {
  return t.call('POST', '/api/category/save', { token, body: { categoryInfos } });
}

async function create(fields: Record<string, unknown> = {}): Promise<TCategory> {
  const saved = await save(admin, [{ categoryName: unique('Cat'), ...fields }]);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.categoryInfos as TCategory[])[0]!;
}

async function find(body: Record<string, unknown>, token = admin) {
  const found = await t.call('POST', '/api/category/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { categoryInfos: TCategory[]; totalCount: number };
}

const detailsOf = (body: Record<string, unknown>) => body.errorDetails as TDetail[];

describe('category find', () => {
  it('filters by ids, names (any case) and active, and searches name and description', async () => {
    const tag = unique('flt');
    const a = await create({ categoryName: `${tag} Alpha`, categoryDescription: 'wooden chairs' });
    const b = await create({ categoryName: `${tag} Beta`, active: false });
    const c = await create({ categoryName: `${tag} Gamma` });

    expect(
      (await find({ ids: [a.categoryId, c.categoryId] })).categoryInfos.map((x) => x.categoryId).sort(),
    ).toEqual([a.categoryId, c.categoryId].sort());
    expect(
      (await find({ names: [`${tag} beta`.toUpperCase()] })).categoryInfos.map((x) => x.categoryId),
    ).toEqual([b.categoryId]);
    const inactive = await find({ search: tag, active: false });
    expect(inactive.categoryInfos.map((x) => x.categoryId)).toEqual([b.categoryId]);
    const active = await find({ search: tag, active: true });
    expect(active.categoryInfos.map((x) => x.categoryId).sort()).toEqual([a.categoryId, c.categoryId].sort());
    // The search reads the description too, and a LIKE wildcard in it is literal.
    const byDescription = await find({
      search: 'WOODEN chair',
      ids: [a.categoryId, b.categoryId, c.categoryId],
    });
    expect(byDescription.categoryInfos.map((x) => x.categoryId)).toEqual([a.categoryId]);
    expect((await find({ search: `${tag}%` })).totalCount).toBe(0);
  });

  it('pages with the total and sorts by every allowed field both ways', async () => {
    const tag = unique('pg');
    const made: TCategory[] = [];
    for (const letter of ['d', 'B', 'a', 'C', 'e'])
      made.push(await create({ categoryName: `${tag} ${letter}`, active: letter !== 'C' }));
    const names = (list: TCategory[]) => list.map((x) => x.categoryName.slice(-1));

    const asc = await find({ search: tag, sort: [{ field: 'categoryName', dir: 'asc' }] });
    expect(asc.totalCount).toBe(5);
    expect(names(asc.categoryInfos)).toEqual(['a', 'B', 'C', 'd', 'e']);
    const desc = await find({ search: tag, sort: [{ field: 'categoryName', dir: 'desc' }] });
    expect(names(desc.categoryInfos)).toEqual(['e', 'd', 'C', 'B', 'a']);

    const page2 = await find({
      search: tag,
      page: 2,
      pageSize: 2,
      sort: [{ field: 'categoryName', dir: 'asc' }],
    });
    expect(page2.totalCount).toBe(5);
    expect(names(page2.categoryInfos)).toEqual(['C', 'd']);
    const past = await find({ search: tag, page: 9, pageSize: 2 });
    expect(past).toMatchObject({ categoryInfos: [], totalCount: 5 });

    const byActive = await find({ search: tag, sort: [{ field: 'active', dir: 'asc' }] });
    expect(byActive.categoryInfos[0]!.categoryName).toBe(`${tag} C`);
    const byActiveDesc = await find({ search: tag, sort: [{ field: 'active', dir: 'desc' }] });
    expect(byActiveDesc.categoryInfos.at(-1)!.categoryName).toBe(`${tag} C`);

    const target = made[2]!;
    await t.call('POST', '/api/family/save', {
      token: admin,
      body: {
        revitFamilyInfos: [
          {
            revitFamilyName: unique('fam'),
            revitFamilyCategoryId: target.categoryId,
            revitFamilyFileBase64: fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64'),
          },
        ],
      },
    });
    const byCount = await find({ search: tag, sort: [{ field: 'familyCount', dir: 'desc' }] });
    expect(byCount.categoryInfos[0]).toMatchObject({ categoryId: target.categoryId, familyCount: 1 });
    const byCountAsc = await find({ search: tag, sort: [{ field: 'familyCount', dir: 'asc' }] });
    expect(byCountAsc.categoryInfos.at(-1)!.categoryId).toBe(target.categoryId);
  });

  it('answers 400 for an unknown sort field, __proto__ and constructor included', async () => {
    for (const field of ['nope', '__proto__', 'constructor', 'toString']) {
      const found = await t.call('POST', '/api/category/find', {
        token: admin,
        body: { sort: [{ field, dir: 'asc' }] },
      });
      expect(found.status, field).toBe(400);
      expect(detailsOf(found.body)[0]).toMatchObject({ key: 'sortFieldNotValid', field: 'sort' });
    }
  });

  it('answers 401 without a token and lets every content reader find', async () => {
    expect((await t.call('POST', '/api/category/find', { body: {} })).status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole' });
    expect((await t.call('POST', '/api/category/find', { token: reader.authToken, body: {} })).status).toBe(
      200,
    );
  });
});

describe('category save', () => {
  it('creates with a PNG picture, updates fields, keeps the picture when absent and removes it with null', async () => {
    const picture = await png();
    const made = await create({
      categoryDescription: 'first',
      categoryPictureFileName: 'cat.png',
      categoryPictureBase64: picture.toString('base64'),
    });
    expect(made.categoryPictureHash).toMatch(/^[0-9a-f]{64}$/);
    expect(made).toMatchObject({ categoryPictureFileName: 'cat.png', active: true, familyCount: 0 });
    const served = await t.app.inject({ method: 'GET', url: `/api/picture/${made.categoryPictureHash}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);

    const renamed = await save(admin, [
      { categoryId: made.categoryId, categoryName: `${made.categoryName} renamed`, active: false },
    ]);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((renamed.body.categoryInfos as TCategory[])[0]).toMatchObject({
      categoryName: `${made.categoryName} renamed`,
      categoryDescription: 'first',
      active: false,
      categoryPictureHash: made.categoryPictureHash,
    });

    const cleared = await save(admin, [
      {
        categoryId: made.categoryId,
        categoryName: made.categoryName,
        categoryPictureBase64: null,
        categoryDescription: '',
      },
    ]);
    expect(cleared.status).toBe(200);
    expect((cleared.body.categoryInfos as TCategory[])[0]).toMatchObject({
      categoryPictureHash: null,
      categoryPictureFileName: null,
      categoryDescription: null,
    });
  });

  it('refuses SVG and text pictures with 415 and a picture over 5 MiB with 413, storing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const content of [svg, Buffer.from('just some text')]) {
      const name = unique('Bad');
      const saved = await save(admin, [
        { categoryName: name, categoryPictureBase64: content.toString('base64') },
      ]);
      expect(saved.status).toBe(415);
      expect(detailsOf(saved.body)[0]).toMatchObject({ key: 'notAPicture', field: 'categoryPictureBase64' });
      expect((await find({ names: [name] })).totalCount).toBe(0);
    }
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 100_000, 1)]);
    const name = unique('Big');
    const tooBig = await save(admin, [{ categoryName: name, categoryPictureBase64: big.toString('base64') }]);
    expect(tooBig.status).toBe(413);
    expect(detailsOf(tooBig.body)[0]).toMatchObject({ key: 'tooLargeFile', field: 'categoryPictureBase64' });
    expect((await find({ names: [name] })).totalCount).toBe(0);
  });

  it('answers 409 for a name taken in any case, and 404 for an unknown id', async () => {
    const made = await create();
    const twin = await save(admin, [{ categoryName: made.categoryName.toUpperCase() }]);
    expect(twin.status).toBe(409);
    const other = await create();
    const clash = await save(admin, [{ categoryId: other.categoryId, categoryName: made.categoryName }]);
    expect(clash.status).toBe(409);
    const missing = await save(admin, [{ categoryId: 2_000_000_000, categoryName: unique('Ghost') }]);
    expect(missing.status).toBe(404);
    const tooBigId = await save(admin, [{ categoryId: 2 ** 31, categoryName: unique('Ghost') }]);
    expect(tooBigId.status).toBe(400);
  });

  it('saves one of 20 parallel creates of one name and answers 409 to the rest, never 500', async () => {
    const name = unique('Race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => save(admin, [{ categoryName: name }])),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await find({ names: [name] })).totalCount).toBe(1);
  });

  it('saves all or nothing: a bad second category keeps the first out', async () => {
    const first = unique('AllOr');
    const saved = await save(admin, [
      { categoryName: first },
      { categoryName: unique('Nothing'), categoryPictureBase64: Buffer.from('nope').toString('base64') },
    ]);
    expect(saved.status).toBe(415);
    expect((await find({ names: [first] })).totalCount).toBe(0);
  });
});

describe('category delete', () => {
  it('deletes an empty category and answers 409 categoryInUse with the count for one in use', async () => {
    const empty = await create();
    const deleted = await t.call('POST', '/api/category/delete', {
      token: admin,
      body: { categoryInfos: [{ categoryId: empty.categoryId }] },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((deleted.body.categoryInfos as TCategory[])[0]!.categoryId).toBe(empty.categoryId);
    expect((await find({ ids: [empty.categoryId] })).totalCount).toBe(0);

    const used = await create();
    for (let i = 0; i < 2; i++) {
      const family = await t.call('POST', '/api/family/save', {
        token: admin,
        body: {
          revitFamilyInfos: [{ revitFamilyName: unique('fam'), revitFamilyCategoryId: used.categoryId }],
        },
      });
      expect(family.status, JSON.stringify(family.body)).toBe(200);
    }
    const refused = await t.call('POST', '/api/category/delete', {
      token: admin,
      body: { categoryInfos: [{ categoryId: used.categoryId }] },
    });
    expect(refused.status).toBe(409);
    expect(detailsOf(refused.body)[0]).toMatchObject({ key: 'categoryInUse', values: { count: 2 } });
    expect((await find({ ids: [used.categoryId] })).categoryInfos[0]).toMatchObject({ familyCount: 2 });

    const unknown = await t.call('POST', '/api/category/delete', {
      token: admin,
      body: { categoryInfos: [{ categoryId: 2_000_000_000 }] },
    });
    expect(unknown.status).toBe(404);
  });
  it("counts a change request's copy filed under the category once with its family, never answering 500", async () => {
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const target = await create();
    const family = await t.call('POST', '/api/family/save', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyName: unique('fam'), companyId: company.id }] },
    });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    const { revitFamilyId, revitFamilyName } = (
      family.body.revitFamilyInfos as Array<{ revitFamilyId: number; revitFamilyName: string }>
    )[0]!;
    const moved = await t.call('POST', '/api/family/update', {
      token: partner.authToken,
      body: {
        revitFamilyInfos: [{ revitFamilyId, revitFamilyName, revitFamilyCategoryId: target.categoryId }],
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const remove = () =>
      t.call('POST', '/api/category/delete', {
        token: admin,
        body: { categoryInfos: [{ categoryId: target.categoryId }] },
      });
    const onlyCopy = await remove();
    expect(onlyCopy.status).toBe(409);
    expect(detailsOf(onlyCopy.body)[0]).toMatchObject({ key: 'categoryInUse', values: { count: 1 } });
    // The card counts what the library shows: a pending request is not published.
    expect((await find({ ids: [target.categoryId] })).categoryInfos[0]!.familyCount).toBe(0);

    // The original filed there too: still one family.
    await t.call('POST', '/api/family/update', {
      token: admin,
      body: {
        revitFamilyInfos: [{ revitFamilyId, revitFamilyName, revitFamilyCategoryId: target.categoryId }],
      },
    });
    const both = await remove();
    expect(both.status).toBe(409);
    expect(detailsOf(both.body)[0]).toMatchObject({ key: 'categoryInUse', values: { count: 1 } });
    expect((await find({ ids: [target.categoryId] })).categoryInfos[0]!.familyCount).toBe(1);
  });
});

describe('category permissions', () => {
  it('refuses save and delete to partners, partner users and end users (403) and to no token (401)', async () => {
    const made = await create();
    const company = await makeCompany(t);
    for (const role of ['partnerrole', 'partneruserrole', 'userrole']) {
      const user = await signedInUser(t, { role, companyId: company.id });
      const saved = await save(user.authToken, [{ categoryName: unique('Nope') }]);
      expect(saved.status, role).toBe(403);
      const updated = await save(user.authToken, [{ categoryId: made.categoryId, categoryName: 'Hijacked' }]);
      expect(updated.status, role).toBe(403);
      const deleted = await t.call('POST', '/api/category/delete', {
        token: user.authToken,
        body: { categoryInfos: [{ categoryId: made.categoryId }] },
      });
      expect(deleted.status, role).toBe(403);
    }
    expect((await save('', [{ categoryName: unique('Anon') }])).status).toBe(401);
    expect((await find({ ids: [made.categoryId] })).categoryInfos[0]!.categoryName).toBe(made.categoryName);
  });
});

describe('category family counts', () => {
  it("counts what the library's category facet counts for the same caller: published, without requests or disapproved", async () => {
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const outsider = await signedInUser(t, { role: 'partnerrole', companyId: (await makeCompany(t)).id });
    const reader = await signedInUser(t, { companyId: company.id });
    const target = await create();
    const tag = unique('cnt');
    const saveFamily = async (token: string, url: string, family: Record<string, unknown>) => {
      const saved = await t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return (saved.body.revitFamilyInfos as Array<{ revitFamilyId: number; revitFamilyName: string }>)[0]!;
    };
    const published = (name: string) =>
      saveFamily(admin, '/api/family/save', {
        revitFamilyName: `${tag} ${name}`,
        revitFamilyCategoryId: target.categoryId,
        companyId: company.id,
      });
    // Two published, one of them with a change request pending; one disapproved; one new request.
    await published('live');
    const changed = await published('changed');
    await saveFamily(partner.authToken, '/api/family/update', {
      revitFamilyId: changed.revitFamilyId,
      revitFamilyName: `${tag} changed asked`,
    });
    const refused = await published('refused');
    await saveFamily(admin, '/api/family/update', {
      revitFamilyId: refused.revitFamilyId,
      revitFamilyName: refused.revitFamilyName,
      tifAction: 'd',
      tifStatus: 'A',
    });
    await saveFamily(partner.authToken, '/api/family/save', {
      revitFamilyName: `${tag} new`,
      revitFamilyCategoryId: target.categoryId,
    });

    for (const [who, token, expected] of [
      ['admin', admin, 2],
      ['partner', partner.authToken, 2],
      ['end user', reader.authToken, 2],
      ['partner of another tree', outsider.authToken, 0],
    ] as const) {
      const card = (await find({ ids: [target.categoryId] }, token)).categoryInfos[0]!;
      const library = await t.call('POST', '/api/family/find', {
        token,
        body: { search: tag, includeFacets: true },
      });
      expect(library.status, JSON.stringify(library.body)).toBe(200);
      const facets = library.body.facets as { categories: Array<{ value: string; count: number }> };
      const facet = facets.categories.find((c) => c.value === String(target.categoryId));
      expect(card.familyCount, who).toBe(expected);
      expect(facet?.count ?? 0, who).toBe(card.familyCount);
      expect(library.body.totalCount, who).toBe(expected);
    }
    // The delete still counts every family filed there, requests and disapproved ones included.
    const refusedDelete = await t.call('POST', '/api/category/delete', {
      token: admin,
      body: { categoryInfos: [{ categoryId: target.categoryId }] },
    });
    expect(refusedDelete.status).toBe(409);
    expect(detailsOf(refusedDelete.body)[0]).toMatchObject({ key: 'categoryInUse', values: { count: 4 } });
  });
});
