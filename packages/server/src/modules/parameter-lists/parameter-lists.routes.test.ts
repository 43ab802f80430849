import type { TGenericList, TParameterList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;
let mm: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const units = await t.call('GET', '/api/list/get/unitlist/false', { token: admin });
  mm = (units.body.listInfos as TGenericList[])[0]!.listItems.find((i) => i.itemCode === 'mm')!.listItemId;
});
afterAll(() => t.close());

async function save(
  token: string,
  list: Record<string, unknown>,
  url = '/api/parameters/save/parameterlist',
) {
  return t.call('POST', url, { token, body: { parameterListInfos: [list] } });
}

describe('parameter lists', () => {
  it('saves a list with typed parameters, checks each value against its type and unit, updates and removes', async () => {
    const code = unique('seals');
    const saved = await save(admin, {
      parameterListCode: code,
      parameters: [
        {
          parameterName: 'Width',
          parameterValue: '120.5',
          parameterValueType: 'length',
          parameterMeasurementUnitId: mm,
        },
        { parameterName: 'Tested', parameterValue: 'yes', parameterValueType: 'yesno' },
        {
          parameterName: 'Datasheet',
          parameterValue: 'https://example.com/ds.pdf',
          parameterValueType: 'url',
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [list] = saved.body.parameterListInfos as TParameterList[];
    expect(list!.parameters.map((p) => p.parameterName)).toEqual(['Width', 'Tested', 'Datasheet']);
    for (const [type, value] of [
      ['integer', '1.5'],
      ['number', 'abc'],
      ['length', '-3'],
      ['yesno', 'maybe'],
      ['url', 'javascript:alert(1)'],
    ]) {
      const bad = await save(admin, {
        parameterListCode: unique('bad'),
        parameters: [{ parameterName: 'P', parameterValue: value, parameterValueType: type }],
      });
      expect(bad.status, `${type} ${value}`).toBe(400);
    }
    const badUnit = await save(admin, {
      parameterListCode: unique('unit'),
      parameters: [
        { parameterName: 'P', parameterValueType: 'length', parameterMeasurementUnitId: 2_000_000 },
      ],
    });
    expect(badUnit.status).toBe(400);
    const width = list!.parameters[0]!;
    const updated = await save(
      admin,
      {
        parameterListId: list!.parameterListId,
        parameterListCode: code,
        parameters: [
          {
            parameterId: width.parameterId,
            parameterName: 'Width',
            parameterValue: '150',
            parameterValueType: 'length',
          },
          { parameterName: 'Depth', parameterValue: '80', parameterValueType: 'length' },
        ],
      },
      '/api/parameters/update/parameterlist',
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = (updated.body.parameterListInfos as TParameterList[])[0]!;
    expect(after.parameters.map((p) => [p.parameterName, p.parameterValue])).toEqual([
      ['Width', '150'],
      ['Tested', 'yes'],
      ['Datasheet', 'https://example.com/ds.pdf'],
      ['Depth', '80'],
    ]);
    const removed = await t.call('POST', '/api/parameters/delete/parameterlist', {
      token: admin,
      body: { parameterInfos: [{ parameterId: width.parameterId }] },
    });
    expect(removed.status).toBe(200);
    const got = await t.call('GET', `/api/parameters/get/parameterlist/${list!.parameterListId}`, {
      token: admin,
    });
    expect(
      (got.body.parameterListInfos as TParameterList[])[0]!.parameters.map((p) => p.parameterName),
    ).toEqual(['Tested', 'Datasheet', 'Depth']);
    const dupName = await save(admin, {
      parameterListCode: unique('dup'),
      parameters: [
        { parameterName: 'A', parameterValueType: 'text' },
        { parameterName: 'a', parameterValueType: 'text' },
      ],
    });
    expect(dupName.status).toBe(400);
    expect((await save(admin, { parameterListCode: code.toUpperCase() })).status).toBe(409);
  });

  it('refuses to delete a list families use (409 with the count) and keeps trees apart', async () => {
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: mine.id });
    const own = await save(partner.authToken, { parameterListCode: unique('own') });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const ownList = (own.body.parameterListInfos as TParameterList[])[0]!;
    expect(ownList.companyId).toBe(mine.id);
    const foreign = await save(admin, { parameterListCode: unique('foreign'), companyId: other.id });
    const foreignList = (foreign.body.parameterListInfos as TParameterList[])[0]!;
    const seen = await t.call('GET', `/api/parameters/get/parameterlist/${foreignList.parameterListId}`, {
      token: partner.authToken,
    });
    expect(seen.status).toBe(404);
    expect((await save(partner.authToken, { parameterListCode: unique('x'), companyId: null })).status).toBe(
      403,
    );
    const family = await t.call('POST', '/api/family/save', {
      token: admin,
      body: {
        revitFamilyInfos: [{ revitFamilyName: unique('fam'), parameterListId: ownList.parameterListId }],
      },
    });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    const inUse = await t.call('POST', '/api/parameters/delete/parameterlist', {
      token: admin,
      body: { parameterListInfos: [{ parameterListId: ownList.parameterListId }] },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.errorMessages.join(' ')).toContain('1 families');
  });
});
