import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/index.ts';
import { createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';
import { inDays, RFA_FIXTURE, saveFamily, saveRule } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;

/** The log's rows of one record, oldest first. */
async function rowsOf(recordType: string, recordId: number | string) {
  return t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.recordType, recordType), eq(activity.recordId, String(recordId))))
    .orderBy(activity.id);
}

async function ok(url: string, body: unknown, token = admin) {
  const answer = await t.call('POST', url, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId });
});

afterAll(async () => {
  await t.close();
});

describe('the activity log records each change with its fields', () => {
  it('logs a family created, updated and deleted through the workflow, with its upload', async () => {
    const family = await saveFamily(t, companyId, { revitFamilyDescription: 'first' });
    const id = family.revitFamilyId;
    const newName = unique('renamed');
    await ok('/api/family/update', { revitFamilyInfos: [{ revitFamilyId: id, revitFamilyName: newName }] });
    await ok('/api/family/delete', { revitFamilyInfos: [{ revitFamilyId: id }] });
    const rows = await rowsOf('family', id);
    expect(rows.map((row) => row.kind)).toEqual([
      'family.upload',
      'family.create',
      'family.update',
      'family.delete',
    ]);
    const [upload, create, update, remove] = rows;
    expect(upload!.detail).toMatchObject({ fileName: 'seal.rfa', size: RFA_FIXTURE.length });
    expect(create!.ownerCompanyId).toBe(companyId);
    expect(create!.changes?.name).toEqual({ old: null, new: family.revitFamilyName });
    expect(create!.changes?.companyId).toEqual({ old: null, new: companyId });
    expect(update!.changes).toEqual({ name: { old: family.revitFamilyName, new: newName } });
    expect(remove!.changes?.name).toEqual({ old: newName, new: null });
    expect(remove!.ownerCompanyId).toBe(companyId);
  });

  it("logs a partner's request with what it would change", async () => {
    const family = await saveFamily(t, companyId);
    const newName = unique('asked');
    const asked = await ok(
      '/api/family/update',
      { revitFamilyInfos: [{ revitFamilyId: family.revitFamilyId, revitFamilyName: newName }] },
      partner.authToken,
    );
    const copyId = (asked.revitFamilyInfos as Array<{ revitFamilyId: number }>)[0]!.revitFamilyId;
    const [request] = await rowsOf('family', copyId);
    expect(request!.kind).toBe('family.request.RfC');
    expect(request!.userId).toBe(partner.id);
    expect(request!.companyId).toBe(companyId);
    expect(request!.changes?.name).toEqual({ old: family.revitFamilyName, new: newName });
  });

  it('logs a company created, updated and deleted', async () => {
    const name = unique('Logged_Co');
    const saved = await ok('/api/company/save', {
      companyInfos: [{ companyName: name, companyCity: 'Basel' }],
    });
    const company = (saved.companyInfos as Array<{ companyId: number; lastUpdate: string }>)[0]!;
    await ok('/api/company/update', {
      companyInfos: [
        {
          companyId: company.companyId,
          companyName: name,
          companyCity: 'Zug',
          lastUpdate: company.lastUpdate,
        },
      ],
    });
    await ok('/api/company/delete', { companyInfos: [{ companyId: company.companyId }] });
    const [create, update, remove] = await rowsOf('company', company.companyId);
    expect(create!.kind).toBe('company.create');
    expect(create!.changes).toMatchObject({
      name: { old: null, new: name },
      city: { old: null, new: 'Basel' },
    });
    expect(update!.kind).toBe('company.update');
    expect(update!.changes).toEqual({ city: { old: 'Basel', new: 'Zug' } });
    expect(remove!.kind).toBe('company.delete');
    expect(remove!.changes).toMatchObject({ name: { old: name, new: null } });
  });

  it('logs a user created, updated and deleted, never the password', async () => {
    const login = unique('logged_user');
    const user = {
      login,
      passwordHash: sha512Hex('Logged-Passw0rd!'),
      firstName: 'Lia',
      lastName: 'Logged',
      email: `${login}@example.com`,
      company: { companyId },
    };
    const saved = await ok('/api/user/save', { userInfos: [user] });
    const id = (saved.userInfos as Array<{ id: number }>)[0]!.id;
    await ok('/api/user/save', {
      userInfos: [{ ...user, id, passwordHash: sha512Hex('Other-Passw0rd!'), lastName: 'Changed' }],
    });
    await ok('/api/user/delete', { userInfos: [{ login }] });
    const rows = await rowsOf('user', id);
    expect(rows.map((row) => row.kind)).toEqual(['user.create', 'user.update', 'user.delete']);
    const [create, update, remove] = rows;
    expect(create!.ownerCompanyId).toBe(companyId);
    expect(create!.changes).toMatchObject({
      login: { old: null, new: login },
      companyId: { old: null, new: companyId },
    });
    expect(update!.changes).toEqual({ lastName: { old: 'Logged', new: 'Changed' } });
    expect(remove!.changes).toMatchObject({ login: { old: login, new: null } });
    const logged = JSON.stringify(rows);
    expect(logged).not.toMatch(/password/i);
    expect(logged).not.toContain('argon2');
  });

  it("logs a user's roles by name when a save changes them, and nothing when it keeps them", async () => {
    const found = await ok('/api/role/find', { names: ['userrole', 'partnerrole'] });
    const roleId = (name: string) =>
      (found.roleInfos as Array<{ roleId: number; roleName: string }>).find((r) => r.roleName === name)!
        .roleId;
    const login = unique('role_logged');
    const user = {
      login,
      passwordHash: sha512Hex('Logged-Passw0rd!'),
      firstName: 'Rolf',
      lastName: 'Roles',
      email: `${login}@example.com`,
      company: { companyId },
      roles: [{ roleId: roleId('userrole') }],
    };
    const saved = await ok('/api/user/save', { userInfos: [user] });
    const id = (saved.userInfos as Array<{ id: number }>)[0]!.id;
    await ok('/api/user/save', {
      userInfos: [
        { ...user, id, roles: [{ roleId: roleId('partnerrole') }, { roleId: roleId('userrole') }] },
      ],
    });
    await ok('/api/user/save', {
      userInfos: [
        { ...user, id, roles: [{ roleId: roleId('partnerrole') }, { roleId: roleId('userrole') }] },
      ],
    });
    const [create, update, kept] = await rowsOf('user', id);
    expect(create!.changes).toMatchObject({ roles: { old: [], new: ['userrole'] } });
    expect(update!.changes).toEqual({ roles: { old: ['userrole'], new: ['partnerrole', 'userrole'] } });
    expect(kept?.changes ?? null).toBeNull();
  });

  it('logs a category created, updated and deleted', async () => {
    const name = unique('Logged category');
    const saved = await ok('/api/category/save', { categoryInfos: [{ categoryName: name }] });
    const id = (saved.categoryInfos as Array<{ categoryId: number }>)[0]!.categoryId;
    await ok('/api/category/save', {
      categoryInfos: [{ categoryId: id, categoryName: name, categoryDescription: 'now' }],
    });
    await ok('/api/category/delete', { categoryInfos: [{ categoryId: id }] });
    const [create, update, remove] = await rowsOf('category', id);
    expect(create!.changes?.name).toEqual({ old: null, new: name });
    expect(update!.kind).toBe('category.update');
    expect(update!.changes).toEqual({ description: { old: null, new: 'now' } });
    expect(remove!.kind).toBe('category.delete');
    expect(remove!.changes?.name).toEqual({ old: name, new: null });
  });

  it('logs a price list created, updated, exported and deleted', async () => {
    const code = unique('LOG');
    const saved = await ok('/api/prices/save/pricelist', {
      priceListInfos: [{ priceListCode: code, companyId, priceItemInfos: [] }],
    });
    const id = (saved.priceListInfos as Array<{ priceListId: number }>)[0]!.priceListId;
    await ok('/api/prices/update/pricelist', {
      priceListInfos: [
        { priceListId: id, priceListCode: code, priceListDescription: 'described', companyId },
      ],
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/prices/export/pricelist/${id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exported.statusCode).toBe(200);
    await ok('/api/prices/delete/pricelist', { priceListInfos: [{ priceListId: id }] });
    const rows = await rowsOf('priceList', id);
    expect(rows.map((row) => row.kind)).toEqual([
      'priceList.create',
      'priceList.update',
      'priceList.export',
      'priceList.delete',
    ]);
    const [create, update, , remove] = rows;
    expect(create!.ownerCompanyId).toBe(companyId);
    expect(create!.changes?.code).toEqual({ old: null, new: code });
    expect(update!.changes).toEqual({ description: { old: null, new: 'described' } });
    expect(remove!.changes?.code).toEqual({ old: code, new: null });
  });

  it('logs an API token created and revoked, never its secret', async () => {
    const saved = await ok(
      '/api/token/save',
      { apiTokenInfos: [{ apiTokenName: unique('logged'), scopes: ['lookup'], validUntil: inDays(30) }] },
      partner.authToken,
    );
    const token = (saved.apiTokenInfos as Array<{ apiTokenId: number; token: string }>)[0]!;
    await ok('/api/token/delete', { apiTokenInfos: [{ apiTokenId: token.apiTokenId }] }, partner.authToken);
    const rows = await rowsOf('apiToken', token.apiTokenId);
    expect(rows.map((row) => row.kind)).toEqual(['apiToken.create', 'apiToken.delete']);
    expect(rows[0]!.changes?.scopes).toEqual({ old: null, new: ['lookup'] });
    expect(rows[0]!.ownerCompanyId).toBe(companyId);
    expect(rows[1]!.changes?.scopes).toEqual({ old: ['lookup'], new: null });
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(token.token);
    expect(logged).not.toContain(token.token.slice(-20));
    expect(logged).not.toMatch(/tokenHash/);
  });

  it('logs a placement rule export and import with their counts', async () => {
    const marker = unique('Logged rule');
    await saveRule(t, admin, { placementRuleName: marker, companyId });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/placement-rules/export?format=csv&search=${encodeURIComponent(marker)}`,
      headers: { authorization: `Bearer ${partner.authToken}` },
    });
    expect(exported.statusCode).toBe(200);
    await ok(
      '/api/placement-rules/diKeeperimport',
      { loadedFile: { fileName: 'rules.csv', base64FileContent: exported.rawPayload.toString('base64') } },
      partner.authToken,
    );
    const rows = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, partner.id), eq(activity.recordType, 'placementRule')))
      .orderBy(activity.id);
    expect(rows.map((row) => row.kind)).toEqual(['placementRule.export', 'placementRule.import']);
    expect(rows[0]!.detail).toMatchObject({ format: 'csv', search: marker });
    expect(rows[1]!.detail).toMatchObject({ rows: 1, created: 0, updated: 0, unchanged: 1 });
    expect(rows[1]!.companyId).toBe(companyId);
  });

  it('logs nothing when a change fails', async () => {
    const name = unique('Stale_Co');
    const saved = await ok('/api/company/save', { companyInfos: [{ companyName: name }] });
    const company = (saved.companyInfos as Array<{ companyId: number }>)[0]!;
    const stale = await t.call('POST', '/api/company/update', {
      token: admin,
      body: {
        companyInfos: [
          {
            companyId: company.companyId,
            companyName: name,
            companyCity: 'X',
            lastUpdate: '2000-01-01T00:00:00Z',
          },
        ],
      },
    });
    expect(stale.status).toBe(409);
    const missing = await t.call('POST', '/api/company/update', {
      token: admin,
      body: { companyInfos: [{ companyId: company.companyId, companyName: name }] },
    });
    expect(missing.status).toBe(400);
    expect((await rowsOf('company', company.companyId)).map((row) => row.kind)).toEqual(['company.create']);

    const category = unique('Busy category');
    const made = await ok('/api/category/save', { categoryInfos: [{ categoryName: category }] });
    const categoryId = (made.categoryInfos as Array<{ categoryId: number }>)[0]!.categoryId;
    await saveFamily(t, companyId, { revitFamilyCategoryId: categoryId });
    const refused = await t.call('POST', '/api/category/delete', {
      token: admin,
      body: { categoryInfos: [{ categoryId }] },
    });
    expect(refused.status).toBe(409);
    expect((await rowsOf('category', categoryId)).map((row) => row.kind)).toEqual(['category.create']);
  });
});
