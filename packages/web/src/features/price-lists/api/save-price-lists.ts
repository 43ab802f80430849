import { type TPriceListInput, ZPriceListInfos } from '@portal/contract';
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
