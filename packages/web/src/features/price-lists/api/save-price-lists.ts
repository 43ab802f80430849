import { type TPriceItem, type TPriceListInput, ZPriceListInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { afterPriceListChange, type TPriceListSummary } from './find-price-lists.ts';

/**
 * POST /api/prices/save/pricelist for a new list (its items), /update/pricelist for a saved one
 * (only the items changed, as `priceItemChanges`). The answer carries the list's fields, its item
 * count and the first page of its items.
 */
export async function savePriceList(input: TPriceListInput): Promise<TPriceListSummary | null> {
  const path = input.priceListId === undefined ? '/prices/save/pricelist' : '/prices/update/pricelist';
  const answer = await typedRequest(path, ZPriceListInfos, { body: { priceListInfos: [input] } });
  return answer.priceListInfos[0] ?? null;
}

/**
 * POST /api/prices/update/pricelist with the list's own fields as they are and `items` as all its
 * items (an import's undo): the list holds exactly these again, under new ids.
 */
export function restorePriceItems(list: TPriceListSummary, items: readonly TPriceItem[]) {
  return savePriceList({
    priceListId: list.priceListId,
    priceListCode: list.priceListCode,
    priceListDescription: list.priceListDescription,
    active: list.active,
    measurementSystemId: list.measurementSystemId,
    materialId: list.materialId,
    componentTypeId: list.componentTypeId,
    isPartList: list.isPartList,
    isDefaultList: list.isDefaultList,
    isTemplateList: list.isTemplateList,
    priceItemInfos: items.map(({ priceItemId: _id, priceListId: _list, ...item }) => item),
  });
}

/** POST /api/prices/delete/pricelist {priceListInfos}. */
export async function deletePriceLists(ids: number[]): Promise<void> {
  await typedRequest('/prices/delete/pricelist', ZPriceListInfos, {
    body: { priceListInfos: ids.map((priceListId) => ({ priceListId })) },
  });
}

/** POST /api/prices/copy/pricelist {priceListId}: the copy, named `<code>-copy` (then -copy-2, …). */
export async function copyPriceList(priceListId: number): Promise<TPriceListSummary | null> {
  const answer = await typedRequest('/prices/copy/pricelist', ZPriceListInfos, { body: { priceListId } });
  return answer.priceListInfos[0] ?? null;
}

export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePriceList,
    onSuccess: () => afterPriceListChange(queryClient),
  });
}

export function useDeletePriceLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePriceLists,
    onSuccess: () => afterPriceListChange(queryClient),
  });
}

export function useCopyPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyPriceList,
    onSuccess: () => afterPriceListChange(queryClient),
  });
}
