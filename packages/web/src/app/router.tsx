import type { RouteObject } from 'react-router-dom';
import { createHashRouter, matchRoutes, Navigate } from 'react-router-dom';
import { activityRoutes } from '../features/activity/routes.tsx';
import { approvalsRoutes } from '../features/approvals/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { categoriesRoutes } from '../features/categories/routes.tsx';
import { companiesRoutes } from '../features/companies/routes.tsx';
import { customersRoutes } from '../features/customers/routes.tsx';
import { errorRoutes } from '../features/errors/routes.tsx';
import { familiesRoutes } from '../features/families/routes.tsx';
import { helpRoutes } from '../features/help/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { licencesRoutes } from '../features/licences/routes.tsx';
import { listsRoutes } from '../features/lists/routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { parameterListsRoutes } from '../features/parameter-lists/routes.tsx';
import { placementRulesRoutes } from '../features/placement-rules/routes.tsx';
import { priceListsRoutes } from '../features/price-lists/routes.tsx';
import { rolesRoutes } from '../features/roles/routes.tsx';
import { scenariosRoutes } from '../features/scenarios/routes.tsx';
import { statisticsRoutes } from '../features/statistics/routes.tsx';
import { termsRoutes } from '../features/terms/routes.tsx';
import { tokensRoutes } from '../features/tokens/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { mainLayoutLoader } from './main-guard.ts';
import { lazy, Suspense } from 'react';
import { prepareDayjs } from '../shared/i18n/antd-locales.ts';
import { StartupFallback } from './startup-fallback.tsx';

// The error page (antd's Result and its pictures) is fetched only when a screen fails.
const RouteErrorBoundary = lazy(async () => ({
  default: (await import('./route-error-boundary.tsx')).RouteErrorBoundary,
}));

const MAIN_LAYOUT_ID = 'main-layout';

/**
 * Hash routes of spec 2: auth, error and help areas and the guarded main layout, all loaded on
 * demand.
 */
function appRoutes(): RouteObject[] {
  return [
    {
      errorElement: (
        <Suspense fallback={<StartupFallback />}>
          <RouteErrorBoundary />
        </Suspense>
      ),
      HydrateFallback: StartupFallback,
      children: [
        { path: 'auth', children: authRoutes },
        { path: 'error', children: errorRoutes },
        // The guide is for everyone, signed in or not: outside the guarded layout.
        { path: 'help', children: helpRoutes },
        {
          id: MAIN_LAYOUT_ID,
          path: '/',
          loader: mainLayoutLoader,
          HydrateFallback: StartupFallback,
          lazy: async () => {
            const [{ MainLayout }] = await Promise.all([
              import('./layout/main-layout.tsx'),
              prepareDayjs(),
              // Its own small chunk: the stylesheet is fetched beside the layout's code, not after it.
              import('./antd-static-styles.ts').then(({ loadAntdStaticStyles }) => loadAntdStaticStyles()),
            ]);
            return { Component: MainLayout };
          },
          children: [
            ...homeRoutes,
            ...familiesRoutes,
            ...approvalsRoutes,
            ...listsRoutes,
            ...categoriesRoutes,
            ...scenariosRoutes,
            ...placementRulesRoutes,
            ...priceListsRoutes,
            ...parameterListsRoutes,
            ...notificationsRoutes,
            ...companiesRoutes,
            ...customersRoutes,
            ...termsRoutes,
            ...licencesRoutes,
            ...tokensRoutes,
            ...usersRoutes,
            ...rolesRoutes,
            ...statisticsRoutes,
            ...activityRoutes,
          ],
        },
        { path: '*', element: <Navigate to="/error/404" replace /> },
      ],
    },
  ];
}

/** Whether a pathname opens a screen of the guarded main layout (not auth, error or an unknown path). */
export function isGuardedPath(pathname: string): boolean {
  return matchRoutes(appRoutes(), pathname)?.some((match) => match.route.id === MAIN_LAYOUT_ID) ?? false;
}

/**
 * Starts fetching the code of the screens a pathname opens (the layout and the screen), so a
 * signed-in visit loads them beside start-up's calls instead of after them. The router's own lazy()
 * later finds the modules already loaded.
 */
export function preloadScreens(pathname: string): void {
  for (const match of matchRoutes(appRoutes(), pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

/** The app's router; bootstrap has applied the guard to the entry address (guardEntry) before. */
export function createAppRouter() {
  return createHashRouter(appRoutes());
}
