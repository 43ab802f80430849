import { PRICE_ITEM_NUMBER_RANGE, ZPriceItemInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  hasEdits,
  itemChangesOf,
  itemDraftOf,
  itemInputOf,
  listInputOf,
  listDraftOf,
  NO_EDITS,
  shownRows,
  withEdit,
  withNewRow,
  withoutRows,
  newItem,
  NUMBER_FIELDS,
  numberError,
  TEXT_FIELDS,
  TEXT_MAX,
  validateItems,
} from './price-draft.ts';

/** Whether the save's schema takes the item the grid would send for this row. */
const saveTakes = (row: ReturnType<typeof newItem>) => ZPriceItemInput.safeParse(itemInputOf(row)).success;

describe('price draft', () => {
  it('refuses 10000000000 in Price as the save does, and takes the largest value the save takes', () => {
    const big = { ...newItem(), orderNumber: 'A', priceItemValue: '10000000000' };
    expect(numberError('priceItemValue', big.priceItemValue)).toBe('tooLarge');
    expect(validateItems([big]).get(big.key)).toEqual({ priceItemValue: 'tooLarge' });
    expect(saveTakes(big)).toBe(false);
    const largest = { ...big, priceItemValue: String(PRICE_ITEM_NUMBER_RANGE.priceItemValue.max) };
    expect(validateItems([largest]).size).toBe(0);
    expect(saveTakes(largest)).toBe(true);
  });

  it.each(NUMBER_FIELDS)('bounds %s exactly where the save does', (field) => {
    const { min, max } = PRICE_ITEM_NUMBER_RANGE[field];
    const row = (text: string) => ({ ...newItem(), orderNumber: 'A', [field]: text });
    for (const [value, error] of [
      [min, undefined],
      [max, undefined],
      [min - 1, 'tooSmall'],
      [max + 1, 'tooLarge'],
    ] as const) {
      expect(numberError(field, String(value))).toBe(error);
      expect(saveTakes(row(String(value)))).toBe(error === undefined);
    }
  });

  it.each(TEXT_FIELDS)('limits %s to the length the save takes', (field) => {
    const row = (length: number) => ({ ...newItem(), orderNumber: 'A', [field]: 'x'.repeat(length) });
    expect(validateItems([row(TEXT_MAX[field])]).size).toBe(0);
    expect(saveTakes(row(TEXT_MAX[field]))).toBe(true);
    expect(validateItems([row(TEXT_MAX[field] + 1)]).size).toBe(1);
    expect(saveTakes(row(TEXT_MAX[field] + 1))).toBe(false);
  });

  it('keeps edits by id across pages: an edit back to the saved value is no change, removed rows leave the page', () => {
    const saved = (id: number, orderNumber: string) =>
      itemDraftOf({
        priceItemId: id,
        priceListId: 1,
        orderNumber,
        priceItemDescription: null,
        priceItemInformation: null,
        priceItemValue: 1,
        refValue1: null,
        refValue2: null,
        refValue3: null,
        refValue4: null,
        refValue5: null,
        refValue6: null,
        refValue7: null,
        refValue8: null,
        refValue9: null,
        kFactor: null,
        refValuesCanBeConverted: false,
        priceItemReference: null,
        priceItemPerUnitId: null,
        priceItemMeasurementUnitId: null,
        currencyId: null,
      });
    const [one, two, three] = [saved(1, 'A'), saved(2, 'B'), saved(3, 'C')];
    let draft = withEdit(NO_EDITS, one, { priceItemValue: '5' });
    // Page 2 holds other items; page 1 read again still shows the edit.
    expect(shownRows(draft, [three])).toEqual([three]);
    expect(shownRows(draft, [one, two]).map((row) => row.priceItemValue)).toEqual(['5', '1']);
    expect(hasEdits(draft)).toBe(true);
    expect(hasEdits(withEdit(draft, draft.edited.get(one.key)!, { priceItemValue: '1' }))).toBe(false);

    const [added, row] = withNewRow(draft);
    draft = withoutRows(withEdit(added, row, { orderNumber: 'N' }), [two.key]);
    expect(shownRows(draft, [one, two]).map((r) => r.orderNumber)).toEqual(['N', 'A']);
    expect(itemChangesOf(draft)).toEqual({
      upsert: [
        expect.objectContaining({ orderNumber: 'N' }),
        expect.objectContaining({ priceItemId: 1, orderNumber: 'A', priceItemValue: 5 }),
      ],
      removeIds: [2],
    });
    expect(itemChangesOf(draft).upsert[0]).not.toHaveProperty('priceItemId');
    // A new list sends its rows as its items; dropping an added row forgets it.
    expect(listInputOf(listDraftOf(null), withoutRows(draft, [row.key])).priceItemInfos).toEqual([]);
    expect(listInputOf(listDraftOf(null), draft, 7)).toMatchObject({ priceListId: 7 });
  });
});
