import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

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
        lazy: async () => ({ Component: (await import('./components/register-page.tsx')).RegisterPage }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./components/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('./components/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: 'activate',
        lazy: async () => ({ Component: (await import('./components/activate-page.tsx')).ActivatePage }),
      },
      {
        path: 'terms',
        lazy: async () => ({ Component: (await import('./components/terms-page.tsx')).TermsPage }),
      },
    ],
  },
];
