import { ZPlacementRuleLookup, ZScenarioLookup } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { ResponseShapeError } from '../../../shared/api/typed-request.ts';
import type { TLookupKind } from '../components/lookup/lookup-query.ts';

export type TRuleLookup = z.infer<typeof ZPlacementRuleLookup>;
export type TScenarioLookup = z.infer<typeof ZScenarioLookup>;

/** A lookup's answer: the whole JSON as a design tool gets it, and its records read through the contract. */
export type TLookupResult =
  | { kind: 'rule'; raw: object; answer: TRuleLookup }
  | { kind: 'scenario'; raw: object; answer: TScenarioLookup };

/** GET /api/placement-rules/diKeeperGet or /api/scenario/diKeeperGet with the panel's parameters. */
export async function runLookup(kind: TLookupKind, path: string): Promise<TLookupResult> {
  const raw = await apiRequest(path, { method: 'GET', toastErrors: false });
  const parsed = (kind === 'rule' ? ZPlacementRuleLookup : ZScenarioLookup).safeParse(raw);
  if (!parsed.success)
    throw new ResponseShapeError(
      path,
      raw.responseCode,
      parsed.error.issues.map((issue) => issue.message),
    );
  return kind === 'rule'
    ? { kind, raw, answer: parsed.data as TRuleLookup }
    : { kind, raw, answer: parsed.data as TScenarioLookup };
}

export function useRunLookup() {
  return useMutation({
    mutationFn: ({ kind, path }: { kind: TLookupKind; path: string }) => runLookup(kind, path),
  });
}
