import type { RouteObject } from 'react-router-dom';

const list = async () => ({ Component: (await import('./components/rule-list.tsx')).RuleList });

/**
 * #/placement-rules, #/placement-rules/12 (the list with that rule open, where notifications lead)
 * and #/placement-rules/lookup (the "try the lookup" panel, for rules and scenarios).
 */
export const placementRulesRoutes: RouteObject[] = [
  { path: 'placement-rules', lazy: list },
  { path: 'placement-rules/:placementRuleId', lazy: list },
  {
    path: 'placement-rules/lookup',
    lazy: async () => ({ Component: (await import('./components/lookup/lookup-panel.tsx')).LookupPanel }),
  },
];
