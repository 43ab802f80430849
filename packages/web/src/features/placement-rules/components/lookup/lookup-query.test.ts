import { describe, expect, it } from 'vitest';
import { curlOf, failureOf, lookupPath, lookupSearchOf, lookupUrl, paramsOf } from './lookup-query.ts';

describe('lookup query', () => {
  it('sends only the parameters given, trimmed, under their capitalised names', () => {
    const search = lookupSearchOf('rule', {
      TypeCode: 'pipe-plastic',
      MaterialCode: '  ',
      ServiceSize: 110,
      FireRating: ' EI 60 ',
      ApertureWidth: null,
      CompanyId: 7,
      limit: 5,
    });
    expect(search.toString()).toBe(
      'TypeCode=pipe-plastic&ServiceSize=110&FireRating=EI+60&CompanyId=7&limit=5',
    );
    expect(lookupPath('rule', search)).toBe(
      '/placement-rules/diKeeperGet?TypeCode=pipe-plastic&ServiceSize=110&FireRating=EI+60&CompanyId=7&limit=5',
    );
  });

  it("leaves the service's parameters out of the scenario lookup, which refuses them", () => {
    expect(paramsOf('scenario').map((p) => p.name)).not.toContain('TypeCode');
    const search = lookupSearchOf('scenario', {
      TypeCode: 'duct',
      ServiceSize: 100,
      ConstructionThickness: 150,
    });
    expect(lookupPath('scenario', search)).toBe('/scenario/diKeeperGet?ConstructionThickness=150');
    expect(lookupPath('scenario', new URLSearchParams())).toBe('/scenario/diKeeperGet');
  });

  it('writes the address and the command line a design tool would use', () => {
    const url = lookupUrl(
      '/scenario/diKeeperGet?FireRating=EI+90',
      'https://portal.example/app/#/placement-rules/lookup',
    );
    expect(url).toBe('https://portal.example/app/api/scenario/diKeeperGet?FireRating=EI+90');
    expect(curlOf(url)).toBe(
      `curl -H "Authorization: Bearer $PORTAL_API_TOKEN" 'https://portal.example/app/api/scenario/diKeeperGet?FireRating=EI+90'`,
    );
  });

  it('tells which bound a near miss fails and by how much', () => {
    const base = { parameter: 'ServiceSize', message: '' };
    expect(failureOf({ ...base, asked: 140, low: 20, high: 125, by: 15 })).toEqual({
      kind: 'above',
      asked: 140,
      bound: 125,
      by: 15,
    });
    expect(failureOf({ ...base, asked: 10, low: 20, high: 125, by: 10 })).toMatchObject({
      kind: 'below',
      bound: 20,
    });
    expect(
      failureOf({ ...base, parameter: 'TypeCode', asked: 'duct', low: 'cable', high: null, by: null }),
    ).toEqual({
      kind: 'differs',
      asked: 'duct',
      value: 'cable',
    });
  });
});
