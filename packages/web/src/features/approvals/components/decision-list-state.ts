import { APPROVAL_KINDS, type TApprovalDecisionFindRequest, type TApprovalKind } from '@portal/contract';
import { defineList, type TListDefinition, type TListQuery } from '../../../shared/list/list-state.ts';

const DECISION_SORT_FIELDS = ['decidedOn'] as const;
export type TDecisionSortField = (typeof DECISION_SORT_FIELDS)[number];

const base = defineList({
  sortFields: DECISION_SORT_FIELDS,
  // The newest first.
  defaultSort: { field: 'decidedOn', dir: 'desc' },
  filters: { kind: { kind: 'text' } },
});
export type TDecisionFilters = typeof base.spec.filters;

/**
 * The decided view's URL state: `?view=decided&kind=change&q=door&page=2`. Every change keeps
 * `view=decided`, which the list itself does not read.
 */
export const decisionList: TListDefinition<TDecisionSortField, TDecisionFilters> = {
  ...base,
  serialize(state) {
    const params = base.serialize(state);
    params.set('view', 'decided');
    return params;
  },
};

export type TDecisionListState = ReturnType<typeof decisionList.parse>;

/** The find request of a list state: a known kind, anything else ignored. */
export function decisionQueryOf(
  query: TListQuery<TDecisionSortField, TDecisionFilters>,
): TApprovalDecisionFindRequest {
  const { kind, ...rest } = query;
  return {
    ...rest,
    ...(kind && (APPROVAL_KINDS as readonly string[]).includes(kind)
      ? { kinds: [kind as TApprovalKind] }
      : {}),
  };
}
