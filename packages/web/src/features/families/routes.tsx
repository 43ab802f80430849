import type { RouteObject } from 'react-router-dom';

/** #/families (library), #/families/new, #/families/bulk, #/families/:id and #/families/:id/edit. */
export const familiesRoutes: RouteObject[] = [
  {
    path: 'families',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/library/family-library.tsx')).FamilyLibrary,
        }),
      },
      {
        path: 'new',
        lazy: async () => ({ Component: (await import('./components/page/family-editor.tsx')).FamilyEditor }),
      },
      {
        path: 'bulk',
        lazy: async () => ({
          Component: (await import('./components/bulk/bulk-upload-page.tsx')).BulkUploadPage,
        }),
      },
      {
        path: ':id',
        lazy: async () => ({ Component: (await import('./components/page/family-page.tsx')).FamilyPage }),
      },
      {
        path: ':id/edit',
        lazy: async () => ({ Component: (await import('./components/page/family-editor.tsx')).FamilyEditor }),
      },
    ],
  },
];
