import { type TCategory, ZCategoryInfos } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TCategoryOption = Pick<TCategory, 'categoryId' | 'categoryName'>;

/** POST /api/category/find {active: true}: the categories a family may be filed under, by name. */
export async function findCategoryOptions(): Promise<TCategoryOption[]> {
  const answer = await typedRequest('/category/find', ZCategoryInfos, {
    body: { active: true, sort: [{ field: 'categoryName', dir: 'asc' }] },
    toastErrors: false,
  });
  return answer.categoryInfos.map(({ categoryId, categoryName }) => ({ categoryId, categoryName }));
}

export function useCategoryOptions() {
  return useQuery({ queryKey: ['categories', 'options'], queryFn: findCategoryOptions, staleTime: 60_000 });
}
