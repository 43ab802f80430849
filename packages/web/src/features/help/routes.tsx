import type { RouteObject } from 'react-router-dom';

async function helpPage() {
  return { Component: (await import('./components/help-page.tsx')).HelpPage };
}

/** #/help and #/help/<topic>: outside the guarded layout, so anyone may read them. */
export const helpRoutes: RouteObject[] = [
  { index: true, lazy: helpPage },
  { path: ':topic', lazy: helpPage },
];
