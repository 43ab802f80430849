import { type TCategory, ZCategoryInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { categoriesKey } from './find-categories.ts';

/** POST /api/category/delete {categoryInfos: [{categoryId}]}; 409 categoryInUse while families use one. */
export async function deleteCategories(categoryIds: number[]): Promise<TCategory[]> {
  const answer = await typedRequest('/category/delete', ZCategoryInfos, {
    body: { categoryInfos: categoryIds.map((categoryId) => ({ categoryId })) },
  });
  return answer.categoryInfos;
}

export function useDeleteCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategories,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
