import { englishOf } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { unique } from '../../test/factories.ts';
import { UNIQUE_INDEXES } from './errors.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('a taken name or code', () => {
  it('has a sentence and a field for every unique index of the schema', async () => {
    const rows = await queryRows<{ indexname: string }>(
      t.database.db,
      sql`select indexname from pg_indexes
        where schemaname = 'public' and indexdef like 'CREATE UNIQUE INDEX%' and indexname like '%\_unique'`,
    );
    const names = rows.map((row) => row.indexname).sort();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(Object.keys(UNIQUE_INDEXES).sort());
    for (const message of Object.values(UNIQUE_INDEXES)) {
      expect(englishOf(message)).toMatch(/^[A-Z][^{}]+$/);
      expect(message.field).toBeTruthy();
    }
  });

  it.each([
    {
      area: 'price lists',
      url: '/api/prices/save/pricelist',
      body: (code: string) => ({ priceListInfos: [{ priceListCode: code }] }),
      answer: { key: 'priceListCodeTaken', field: 'priceListCode' },
      english: 'A price list with this code already exists',
    },
    {
      area: 'categories',
      url: '/api/category/save',
      body: (name: string) => ({ categoryInfos: [{ categoryName: name }] }),
      answer: { key: 'categoryNameTaken', field: 'categoryName' },
      english: 'A category with this name already exists',
    },
    {
      area: 'parameter lists',
      url: '/api/parameters/save/parameterlist',
      body: (code: string) => ({ parameterListInfos: [{ parameterListCode: code }] }),
      answer: { key: 'parameterListCodeTaken', field: 'parameterListCode' },
      english: 'A parameter list with this code already exists',
    },
  ])(
    'answers 409 with a sentence of its area at its field: $area',
    async ({ url, body, answer, english }) => {
      const name = unique('Taken');
      const first = await t.call('POST', url, { token: admin, body: body(name) });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const twin = await t.call('POST', url, { token: admin, body: body(name.toUpperCase()) });
      expect(twin.status).toBe(409);
      expect(twin.body.errorDetails).toEqual([answer]);
      expect(twin.body.errorMessages).toEqual(['[Title] Conflict', `[Detail] ${english}`]);
    },
  );
});
