import { ZId } from '@portal/contract';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import type { TSearchOption } from '../../../shared/firestop/search-select.tsx';

const ZScenarioNames = z.object({
  scenarioInfos: z.array(z.object({ scenarioId: ZId, scenarioName: z.string() })),
});

/** The published scenarios of the caller's tree whose name matches `text`: the one a rule applies. */
export async function searchScenarios(text: string, signal: AbortSignal): Promise<TSearchOption[]> {
  const answer = await typedRequest('/scenario/find', ZScenarioNames, {
    body: {
      page: 1,
      pageSize: 30,
      sort: [{ field: 'scenarioName', dir: 'asc' }],
      ...(text ? { search: text } : {}),
    },
    toastErrors: false,
    signal,
  });
  return answer.scenarioInfos.map((s) => ({ value: s.scenarioId, label: s.scenarioName }));
}
