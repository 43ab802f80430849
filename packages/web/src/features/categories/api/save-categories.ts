import { type TCategory, type TCategoryInput, ZCategoryInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { categoriesKey } from './find-categories.ts';

/** POST /api/category/save {categoryInfos}: creates (no id) or updates categories. */
export async function saveCategories(categoryInfos: TCategoryInput[]): Promise<TCategory[]> {
  return (await typedRequest('/category/save', ZCategoryInfos, { body: { categoryInfos } })).categoryInfos;
}

export function useSaveCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategories,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
