import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

/** A page that calls the API through TanStack Query, loaded together with the query provider. */
async function withQueries(page: Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  const [{ QueryProvider }, Page] = await Promise.all([import('../../shared/api/query-provider.tsx'), page]);
  return {
    Component: () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    ),
  };
}

/** The auth area (spec 2), each page loaded on demand. */
export const authRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./components/auth-layout.tsx')).AuthLayout }),
    children: [
      { index: true, element: <Navigate to="login" replace /> },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./components/login-page.tsx')).LoginPage }),
      },
      {
        path: 'register',
        lazy: () => withQueries(import('./components/register-page.tsx').then((m) => m.RegisterPage)),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          withQueries(import('./components/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
      },
      {
        path: 'reset-password',
        lazy: () =>
          withQueries(import('./components/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
      },
      {
        path: 'activate',
        lazy: () => withQueries(import('./components/activate-page.tsx').then((m) => m.ActivatePage)),
      },
      {
        path: 'terms',
        lazy: () => withQueries(import('./components/terms-page.tsx').then((m) => m.TermsPage)),
      },
    ],
  },
];
