import { ZId } from '@portal/contract';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import type { TSearchOption } from '../../../shared/firestop/search-select.tsx';

/** How many records a searched picker offers for one search. */
const PICKER_PAGE = 30;

const ZFamilyNames = z.object({
  revitFamilyInfos: z.array(z.object({ revitFamilyId: ZId, revitFamilyName: z.string() })),
});
const ZParameterListCodes = z.object({
  parameterListInfos: z.array(z.object({ parameterListId: ZId, parameterListCode: z.string() })),
});

/** The families of the caller's tree whose name matches `text`: the family a scenario places. */
export async function searchFamilies(text: string, signal: AbortSignal): Promise<TSearchOption[]> {
  const answer = await typedRequest('/family/find', ZFamilyNames, {
    body: { page: 1, pageSize: PICKER_PAGE, ...(text ? { search: text } : {}) },
    toastErrors: false,
    signal,
  });
  return answer.revitFamilyInfos.map((f) => ({ value: f.revitFamilyId, label: f.revitFamilyName }));
}

/** The parameter lists whose code matches `text`. */
export async function searchParameterLists(text: string, signal: AbortSignal): Promise<TSearchOption[]> {
  const answer = await typedRequest('/parameters/find/parameterlist', ZParameterListCodes, {
    body: { page: 1, pageSize: PICKER_PAGE, ...(text ? { search: text } : {}) },
    toastErrors: false,
    signal,
  });
  return answer.parameterListInfos.map((l) => ({ value: l.parameterListId, label: l.parameterListCode }));
}
