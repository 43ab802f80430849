import type { RouteObject } from 'react-router-dom';

const list = async () => ({ Component: (await import('./components/scenario-list.tsx')).ScenarioList });

/** #/scenarios, and #/scenarios/12: the list with that scenario open (where notifications lead). */
export const scenariosRoutes: RouteObject[] = [
  { path: 'scenarios', lazy: list },
  { path: 'scenarios/:scenarioId', lazy: list },
];
