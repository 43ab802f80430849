import { PLACEMENT_RULE_CODE_LISTS, type TEnvEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { checkedCode, codeListsOf } from './scenarios.service.ts';

const environment: TEnvEntry[] = [
  { key: 'servicesListCode', value: 'servicelist' },
  { key: 'materialsListCode', value: 'materiallist' },
];

/** Generic lists as ListsService.codesOf answers them: item ids to codes, empty when missing. */
const lists = (byCode: Record<string, string[]>) => ({
  codesOf: (code: string) =>
    Promise.resolve(new Map((byCode[code] ?? []).map((item, index) => [index + 1, item] as const))),
});

describe('codes checked against the generic lists /info/env names', () => {
  it('answers a code as its list spells it, matched without regard to case', async () => {
    const codes = codeListsOf(
      environment,
      lists({ servicelist: ['pipe-metal', 'Duct'] }),
      PLACEMENT_RULE_CODE_LISTS,
    );
    expect(await checkedCode(codes, 'typeCode', 'PIPE-metal')).toBe('pipe-metal');
    expect(await checkedCode(codes, 'typeCode', 'duct')).toBe('Duct');
  });

  it('refuses a code its list does not hold with 400 listItemNotValid at the field', async () => {
    const codes = codeListsOf(environment, lists({ servicelist: ['duct'] }), PLACEMENT_RULE_CODE_LISTS);
    const error = await checkedCode(codes, 'typeCode', 'cable').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      messages: [
        { key: 'listItemNotValid', field: 'typeCode', values: { list: 'servicelist', value: 'cable' } },
      ],
    });
  });

  it('takes any text when the list is empty or missing, or the env names none for the field', async () => {
    const empty = codeListsOf(environment, lists({ servicelist: [] }), PLACEMENT_RULE_CODE_LISTS);
    expect(await checkedCode(empty, 'typeCode', 'anything')).toBe('anything');
    expect(await checkedCode(empty, 'materialCode', 'anything')).toBe('anything');
    const unnamed = codeListsOf([], lists({ servicelist: ['duct'] }), PLACEMENT_RULE_CODE_LISTS);
    expect(await checkedCode(unnamed, 'typeCode', 'cable')).toBe('cable');
    const full = codeListsOf(environment, lists({ materiallist: ['pvc'] }), PLACEMENT_RULE_CODE_LISTS);
    expect(await checkedCode(full, 'closureDeviceSystemType', 'collar')).toBe('collar');
  });
});
