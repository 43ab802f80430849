import { type TScenario, type TScenarioInput, ZScenarioInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { scenariosKey } from './find-scenarios.ts';

/**
 * POST /api/scenario/save (new) or /api/scenario/update (with ids) {scenarioInfos}: the stored
 * records, which for a partner are requests waiting for an admin (tifStatus RfA or RfC).
 */
export async function saveScenarios(scenarioInfos: TScenarioInput[]): Promise<TScenario[]> {
  const url = scenarioInfos.some((scenario) => scenario.scenarioId) ? '/scenario/update' : '/scenario/save';
  return (await typedRequest(url, ZScenarioInfos, { body: { scenarioInfos } })).scenarioInfos;
}

export function useSaveScenarios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScenarios,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenariosKey }),
  });
}
