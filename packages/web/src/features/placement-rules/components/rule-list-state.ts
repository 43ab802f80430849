import { PLACEMENT_RULE_SORT_FIELDS, type TPlacementRuleFindRequest } from '@portal/contract';
import { sizeOf } from '../../../shared/firestop/toolbar-filters.tsx';
import { statusesOf } from '../../../shared/firestop/workflow-status.tsx';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

export type TRuleSortField = (typeof PLACEMENT_RULE_SORT_FIELDS)[number];

/** The placement rules screen's URL state: `?q=pipe&type=pipe-plastic&material=pvc&size=110&status=pending`. */
export const ruleList = defineList({
  sortFields: PLACEMENT_RULE_SORT_FIELDS,
  defaultSort: { field: 'placementRuleName', dir: 'asc' },
  filters: {
    type: { kind: 'text' },
    material: { kind: 'text' },
    insulation: { kind: 'text' },
    closure: { kind: 'text' },
    size: { kind: 'text' },
    status: { kind: 'text' },
  },
});

export type TRuleFilters = typeof ruleList.spec.filters;

/** The find request of a list query; contributors see their tree's pending requests too. */
export function ruleFindRequest(
  query: TListQuery<TRuleSortField, TRuleFilters>,
  contributor: boolean,
): TPlacementRuleFindRequest {
  const { type, material, insulation, closure, size, status, ...rest } = query;
  const serviceSize = sizeOf(size);
  const tifStatuses = contributor ? statusesOf(status) : undefined;
  return {
    ...rest,
    ...(contributor ? { includeTempItems: true } : {}),
    ...(tifStatuses ? { tifStatuses } : {}),
    ...(type?.trim() ? { typeCodes: [type.trim()] } : {}),
    ...(material?.trim() ? { materialCodes: [material.trim()] } : {}),
    ...(insulation?.trim() ? { additionalInsulationTypeCodes: [insulation.trim()] } : {}),
    ...(closure?.trim() ? { closureDeviceSystemTypes: [closure.trim()] } : {}),
    ...(serviceSize !== undefined ? { serviceSize } : {}),
  };
}
