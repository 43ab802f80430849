import type { RouteObject } from 'react-router-dom';

/** #/parameter-lists, #/parameter-lists/new and #/parameter-lists/:id. */
export const parameterListsRoutes: RouteObject[] = [
  {
    path: 'parameter-lists',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/parameter-lists.tsx')).ParameterLists,
        }),
      },
      {
        path: 'new',
        lazy: async () => ({
          Component: (await import('./components/parameter-list-editor.tsx')).ParameterListEditor,
        }),
      },
      {
        path: ':id',
        lazy: async () => ({
          Component: (await import('./components/parameter-list-editor.tsx')).ParameterListEditor,
        }),
      },
    ],
  },
];
