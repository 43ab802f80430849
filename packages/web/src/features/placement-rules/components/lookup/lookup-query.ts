import type { TEnvKey, TLookupFailure } from '@portal/contract';

/** Which lookup the panel calls: placement rules (GET /placement-rules/diKeeperGet) or scenarios. */
export type TLookupKind = 'rule' | 'scenario';

/** How the panel asks for a parameter: a code from a generic list, a size in mm, or text. */
type TParamSpec =
  | { name: string; input: 'code'; envKey: TEnvKey; rulesOnly?: boolean }
  | { name: string; input: 'size' | 'text'; rulesOnly?: boolean };

/**
 * The lookup's capitalised parameters (contract ZLookupQuery) in the panel's order; the scenario
 * lookup refuses the service's ones, so the panel leaves them out there.
 */
export const LOOKUP_PARAMS = [
  { name: 'TypeCode', input: 'code', envKey: 'servicesListCode', rulesOnly: true },
  { name: 'MaterialCode', input: 'code', envKey: 'materialsListCode', rulesOnly: true },
  { name: 'ServiceSize', input: 'size', rulesOnly: true },
  { name: 'ConstructionElement', input: 'code', envKey: 'constructionServicesListCode' },
  { name: 'ConstructionMaterialCode', input: 'code', envKey: 'constructionMaterialsListCode' },
  { name: 'ConstructionThickness', input: 'size' },
  { name: 'FireRating', input: 'text' },
  { name: 'ApertureWidth', input: 'size' },
  { name: 'ApertureHeight', input: 'size' },
  { name: 'AcousticPerformance', input: 'text' },
  { name: 'ClosureDeviceSystemType', input: 'text', rulesOnly: true },
  { name: 'AdditionalInsulationTypeCode', input: 'code', envKey: 'materialsListCode', rulesOnly: true },
] as const satisfies readonly TParamSpec[];

export type TLookupParam = (typeof LOOKUP_PARAMS)[number]['name'];

/** The panel's values: each parameter (empty: not asked), the company (admins) and the limit. */
export type TLookupValues = Partial<Record<TLookupParam, string | number | null>> & {
  CompanyId?: number | null;
  limit?: number | null;
};

/** The parameters a kind of lookup takes. */
export function paramsOf(kind: TLookupKind) {
  return LOOKUP_PARAMS.filter((param) => kind === 'rule' || !('rulesOnly' in param && param.rulesOnly));
}

/** The query string of the values: only the parameters this lookup takes, only those given. */
export function lookupSearchOf(kind: TLookupKind, values: TLookupValues): URLSearchParams {
  const search = new URLSearchParams();
  const put = (name: string, value: string | number | null | undefined) => {
    const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
    if (text) search.set(name, text);
  };
  for (const param of paramsOf(kind)) put(param.name, values[param.name]);
  put('CompanyId', values.CompanyId);
  put('limit', values.limit);
  return search;
}

/** The API path of the lookup with its query, as the portal's client calls it (under /api). */
export function lookupPath(kind: TLookupKind, search: URLSearchParams): string {
  const route = kind === 'rule' ? '/placement-rules/diKeeperGet' : '/scenario/diKeeperGet';
  const query = search.toString();
  return query ? `${route}?${query}` : route;
}

/** The whole address a design tool calls, from the page the portal runs at. */
export function lookupUrl(path: string, pageHref: string): string {
  return new URL(`api${path}`, pageHref).toString();
}

/** The same call as a command line, with the API token in an environment variable. */
export function curlOf(url: string): string {
  return `curl -H "Authorization: Bearer $PORTAL_API_TOKEN" '${url.replaceAll("'", "'\\''")}'`;
}

/** How a near miss fails one constraint: below its low bound, above its high bound, or another code. */
export type TFailureKind =
  | { kind: 'below'; asked: number; bound: number; by: number }
  | { kind: 'above'; asked: number; bound: number; by: number }
  | { kind: 'differs'; asked: string; value: string };

export function failureOf(failure: TLookupFailure): TFailureKind {
  const { asked, low, high } = failure;
  if (typeof asked === 'number') {
    if (typeof low === 'number' && asked < low)
      return { kind: 'below', asked, bound: low, by: failure.by ?? low - asked };
    if (typeof high === 'number' && asked > high)
      return { kind: 'above', asked, bound: high, by: failure.by ?? asked - high };
  }
  return { kind: 'differs', asked: String(asked), value: String(low ?? high ?? '—') };
}
