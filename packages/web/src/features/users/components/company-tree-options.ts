import type { TCompanyScopeOption } from '../../../shared/api/company-options.ts';

/** One choice of the company picker, with the companies under it. */
export type TCompanyTreeOption = { value: number; title: string; children: TCompanyTreeOption[] };

/**
 * The companies as the picker's tree: each under its parent, by name; a company whose parent is
 * not among them (a top-level one, or a partner's own company) is a root.
 */
export function companyTreeOptions(companies: readonly TCompanyScopeOption[]): TCompanyTreeOption[] {
  const ids = new Set(companies.map((c) => c.companyId));
  const childrenOf = new Map<number | null, TCompanyScopeOption[]>();
  for (const company of companies) {
    const parentId = company.parentCompany?.companyId ?? null;
    const key = parentId !== null && ids.has(parentId) ? parentId : null;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), company]);
  }
  const seen = new Set<number>();
  const build = (parentId: number | null): TCompanyTreeOption[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((c) => !seen.has(c.companyId))
      .sort((a, b) => a.companyName.localeCompare(b.companyName, undefined, { sensitivity: 'base' }))
      .map((c) => {
        seen.add(c.companyId);
        return { value: c.companyId, title: c.companyName, children: build(c.companyId) };
      });
  return build(null);
}
