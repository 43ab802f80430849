import { ZCategoryPage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** How many categories the home page shows: those holding the most families. */
export const HOME_CATEGORIES_SHOWN = 12;

/** POST /api/category/find: the active categories holding the most families, and how many there are. */
export function findTopCategories() {
  return typedRequest('/category/find', ZCategoryPage, {
    body: {
      page: 1,
      pageSize: HOME_CATEGORIES_SHOWN,
      active: true,
      sort: [
        { field: 'familyCount', dir: 'desc' },
        { field: 'categoryName', dir: 'asc' },
      ],
    },
    toastErrors: false,
  });
}

/** Under the categories feature's key, so a saved category refreshes the home page's cards. */
export function useTopCategories() {
  return useQuery({ queryKey: ['categories', 'home'], queryFn: findTopCategories });
}
