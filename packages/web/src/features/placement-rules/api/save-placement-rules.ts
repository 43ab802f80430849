import { type TPlacementRule, type TPlacementRuleInput, ZPlacementRuleInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { placementRulesKey } from './find-placement-rules.ts';

/**
 * POST /api/placement-rules/save (new) or /update (with ids) {placementRuleInfos}: the stored
 * records, which for a partner are requests waiting for an admin (tifStatus RfA or RfC).
 */
export async function savePlacementRules(
  placementRuleInfos: TPlacementRuleInput[],
): Promise<TPlacementRule[]> {
  const url = placementRuleInfos.some((rule) => rule.placementRuleId)
    ? '/placement-rules/update'
    : '/placement-rules/save';
  return (await typedRequest(url, ZPlacementRuleInfos, { body: { placementRuleInfos } })).placementRuleInfos;
}

export function useSavePlacementRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlacementRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placementRulesKey }),
  });
}
