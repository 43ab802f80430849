import { useQuery } from '@tanstack/react-query';
import { fetchGenericList } from '../../../shared/api/generic-list.ts';

export type TListOption = { id: number; code: string; description: string };
export type TOptionListCode = 'unitlist' | 'currencylist' | 'materiallist' | 'componenttype';

/** The items of one generic list (units, currencies, materials, component types) as picker options. */
export async function fetchListOptions(code: TOptionListCode): Promise<TListOption[]> {
  const result = await fetchGenericList(code);
  if ('error' in result) throw new Error(result.error);
  return (result.listInfos[0]?.listItems ?? []).map((item) => ({
    id: item.listItemId,
    code: item.itemCode,
    description: item.itemDescription,
  }));
}

export function useListOptions(code: TOptionListCode) {
  return useQuery({
    queryKey: ['generic-list', code],
    queryFn: () => fetchListOptions(code),
    staleTime: 5 * 60_000,
  });
}
