import { useQuery } from '@tanstack/react-query';
import { fetchGenericList } from '../../../shared/api/generic-list.ts';

export type TUnitOption = { unitId: number; code: string; description: string };

/** The measurement units a parameter may carry: the items of the generic list `unitlist`. */
export async function fetchUnits(): Promise<TUnitOption[]> {
  const result = await fetchGenericList('unitlist');
  if ('error' in result) throw new Error(result.error);
  return (result.listInfos[0]?.listItems ?? []).map((item) => ({
    unitId: item.listItemId,
    code: item.itemCode,
    description: item.itemDescription,
  }));
}

export function useUnits() {
  return useQuery({
    queryKey: ['generic-list', 'unitlist'],
    queryFn: fetchUnits,
    staleTime: 5 * 60_000,
    // fetchGenericList already tried four times, 3 s apart.
    retry: false,
  });
}
