import type { TGenericList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, unique } from '../../../test/factories.ts';
import { lookupCalls, saveRule, saveScenario } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TAnswer = { placementRuleInfos: Array<{ placementRuleId: number; typeCode: string | null }> };
const { lookup } = lookupCalls<TAnswer>(() => t, 'rule');

/** Saves the list as it is with `extra` items appended, as the admin. */
async function appendItems(code: string, ...extra: string[]): Promise<void> {
  const [list] = (await t.call('GET', `/api/list/get/${code}/true`, { token: admin })).body
    .listInfos as TGenericList[];
  const saved = await t.call('POST', '/api/list/save', {
    token: admin,
    body: {
      listInfos: [
        {
          listId: list!.listId,
          listCode: list!.listCode,
          listDescription: list!.listDescription,
          active: list!.active,
          listItems: [
            ...list!.listItems.map(({ itemCode, itemDescription }) => ({ itemCode, itemDescription })),
            ...extra.map((itemCode) => ({ itemCode, itemDescription: itemCode })),
          ],
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

// The codes of each list are remembered for a few seconds (ListsService.codesOf); a list saved
// through this process must be read afresh by the very next save or lookup.
describe('the codes of a generic list', () => {
  it('are read afresh by the next save and lookup once the list is saved', async () => {
    const companyId = (await makeCompany(t, { prefix: 'codes' })).id;
    const { scenarioId } = await saveScenario(t, admin, { companyId });
    const code = unique('Duct-Kind');
    // Remembered without the new code: the lookup compares it as asked, the save refuses it.
    expect((await lookup({ TypeCode: code.toUpperCase() })).placementRuleInfos).toEqual([]);
    const refused = await t.call('POST', '/api/placement-rules/save', {
      token: admin,
      body: {
        placementRuleInfos: [{ placementRuleName: unique('Rule'), scenarioId, companyId, typeCode: code }],
      },
    });
    expect(refused.status).toBe(400);

    await appendItems('servicelist', code);
    const rule = await saveRule(t, admin, { scenarioId, companyId, typeCode: code.toLowerCase() });
    expect(rule.typeCode).toBe(code);
    const found = await lookup({ TypeCode: code.toUpperCase() });
    expect(found.placementRuleInfos.map((info) => [info.placementRuleId, info.typeCode])).toEqual([
      [rule.placementRuleId, code],
    ]);
  });
});
