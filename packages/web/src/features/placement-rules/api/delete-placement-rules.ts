import { type TPlacementRule, ZPlacementRuleInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { placementRulesKey } from './find-placement-rules.ts';

/** POST /api/placement-rules/delete {placementRuleInfos: [{placementRuleId}]}: a partner's is a request (RfR). */
export async function deletePlacementRules(placementRuleIds: number[]): Promise<TPlacementRule[]> {
  const answer = await typedRequest('/placement-rules/delete', ZPlacementRuleInfos, {
    body: { placementRuleInfos: placementRuleIds.map((placementRuleId) => ({ placementRuleId })) },
  });
  return answer.placementRuleInfos;
}

export function useDeletePlacementRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlacementRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placementRulesKey }),
  });
}
