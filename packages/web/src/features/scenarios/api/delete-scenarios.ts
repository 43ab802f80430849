import { type TScenario, ZScenarioInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { scenariosKey } from './find-scenarios.ts';

/**
 * POST /api/scenario/delete {scenarioInfos: [{scenarioId}]}: an admin's delete applies at once, a
 * partner's is a request (RfR); one that placement rules use is 409 scenarioInUse with their count.
 */
export async function deleteScenarios(scenarioIds: number[]): Promise<TScenario[]> {
  const answer = await typedRequest('/scenario/delete', ZScenarioInfos, {
    body: { scenarioInfos: scenarioIds.map((scenarioId) => ({ scenarioId })) },
  });
  return answer.scenarioInfos;
}

export function useDeleteScenarios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScenarios,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenariosKey }),
  });
}
