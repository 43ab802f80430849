import { LIST_TEXT_MAX, ZGenericListInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { hasErrors, inputOf, type TListDraft, validateDraft } from './list-draft.ts';

const draft = (
  change: Partial<TListDraft> = {},
  item: { itemCode?: string; itemDescription?: string } = {},
) => ({
  listCode: 'units',
  listDescription: '',
  active: true,
  items: [{ key: 'a', itemCode: 'mm', itemDescription: 'Millimetre', ...item }],
  ...change,
});

/** The form's verdict and the save schema's on the same draft. */
const verdicts = (d: TListDraft) => [
  hasErrors(validateDraft(d)),
  !ZGenericListInput.safeParse(inputOf(d, undefined)).success,
];

describe('list draft', () => {
  it.each([
    ['listCode', (n: number) => draft({ listCode: 'c'.repeat(n) })],
    ['itemCode', (n: number) => draft({}, { itemCode: 'i'.repeat(n) })],
    ['itemDescription', (n: number) => draft({}, { itemDescription: 'x'.repeat(n) })],
  ] as const)('limits %s where the save does', (field, at) => {
    expect(verdicts(at(LIST_TEXT_MAX[field]))).toEqual([false, false]);
    expect(verdicts(at(LIST_TEXT_MAX[field] + 1))).toEqual([true, true]);
  });

  it('takes the list codes the save takes and refuses the others', () => {
    expect(verdicts(draft({ listCode: 'Unit_list.2-b' }))).toEqual([false, false]);
    expect(verdicts(draft({ listCode: 'unit list' }))).toEqual([true, true]);
  });
});
