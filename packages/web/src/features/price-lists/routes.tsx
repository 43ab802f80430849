import type { RouteObject } from 'react-router-dom';

/** #/price-lists, #/price-lists/new and #/price-lists/:id. */
export const priceListsRoutes: RouteObject[] = [
  {
    path: 'price-lists',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/price-lists.tsx')).PriceLists,
        }),
      },
      {
        path: 'new',
        lazy: async () => ({
          Component: (await import('./components/price-list-editor.tsx')).PriceListEditor,
        }),
      },
      {
        path: ':id',
        lazy: async () => ({
          Component: (await import('./components/price-list-editor.tsx')).PriceListEditor,
        }),
      },
    ],
  },
];
