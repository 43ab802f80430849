import { SCENARIO_SORT_FIELDS, type TScenarioFindRequest } from '@portal/contract';
import { sizeOf } from '../../../shared/firestop/toolbar-filters.tsx';
import { statusesOf } from '../../../shared/firestop/workflow-status.tsx';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

export type TScenarioSortField = (typeof SCENARIO_SORT_FIELDS)[number];

/**
 * The scenarios screen's URL state:
 * `?q=seal&element=wall-rigid&material=concrete&rating=EI%2090&width=120&height=80&thickness=150&status=pending`.
 */
export const scenarioList = defineList({
  sortFields: SCENARIO_SORT_FIELDS,
  defaultSort: { field: 'scenarioName', dir: 'asc' },
  filters: {
    element: { kind: 'text' },
    material: { kind: 'text' },
    rating: { kind: 'text' },
    width: { kind: 'text' },
    height: { kind: 'text' },
    thickness: { kind: 'text' },
    status: { kind: 'text' },
  },
});

export type TScenarioFilters = typeof scenarioList.spec.filters;

/**
 * The find request of a list query. Contributors (who may propose changes) see their tree's
 * pending requests beside the published scenarios, as the families list shows them.
 */
export function scenarioFindRequest(
  query: TListQuery<TScenarioSortField, TScenarioFilters>,
  contributor: boolean,
): TScenarioFindRequest {
  const { element, material, rating, width, height, thickness, status, ...rest } = query;
  const apertureWidth = sizeOf(width);
  const apertureHeight = sizeOf(height);
  const constructionThickness = sizeOf(thickness);
  const tifStatuses = contributor ? statusesOf(status) : undefined;
  return {
    ...rest,
    ...(contributor ? { includeTempItems: true } : {}),
    ...(tifStatuses ? { tifStatuses } : {}),
    ...(element?.trim() ? { constructionElements: [element.trim()] } : {}),
    ...(material?.trim() ? { constructionMaterialCodes: [material.trim()] } : {}),
    ...(rating?.trim() ? { fireRatings: [rating.trim()] } : {}),
    ...(apertureWidth !== undefined ? { apertureWidth } : {}),
    ...(apertureHeight !== undefined ? { apertureHeight } : {}),
    ...(constructionThickness !== undefined ? { constructionThickness } : {}),
  };
}
