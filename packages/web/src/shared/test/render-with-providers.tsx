import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { i18n } from '../i18n/i18n.ts';

/** Shows the current query string, so a test reads the URL state the screen wrote. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** Where a screen under test stands: at `url` inside a router, with a probe of the query string. */
export type TRenderPlace = { url?: string };

/**
 * Renders a form or a screen under test with i18next, a fresh query client that never retries
 * (a failed answer shows at once) and antd's App context; given a `url`, also inside a router at
 * that address with a {@link LocationProbe}. `rerender` keeps every provider.
 */
export function renderWithProviders(node: ReactNode, place: TRenderPlace = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routed = (child: ReactNode) =>
    place.url === undefined ? (
      child
    ) : (
      <MemoryRouter initialEntries={[place.url]}>
        {child}
        <LocationProbe />
      </MemoryRouter>
    );
  const wrap = (child: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <App>{routed(child)}</App>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const result = render(wrap(node));
  return { ...result, queryClient, rerender: (next: ReactNode) => result.rerender(wrap(next)) };
}

/** Renders `routes` in a memory router at `url` with the same providers; the router lets a test follow navigation. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = renderWithProviders(<RouterProvider router={router} />);
  return { ...result, router };
}
