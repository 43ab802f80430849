import type { TCompany } from '@portal/contract';

/** One company in the hierarchy with the companies directly under it, by name. */
export type TCompanyNode = { company: TCompany; children: TCompanyNode[] };

const byName = (a: TCompany, b: TCompany) =>
  a.companyName.localeCompare(b.companyName, undefined, { sensitivity: 'base' });

/**
 * The companies as a forest: a company whose parent is not among them (a top-level company, or a
 * partner's own company whose parent lies outside its tree) is a root.
 */
export function buildCompanyTree(companies: readonly TCompany[]): TCompanyNode[] {
  const ids = new Set(companies.map((c) => c.companyId));
  const childrenOf = new Map<number, TCompany[]>();
  const roots: TCompany[] = [];
  for (const company of companies) {
    const parentId = company.parentCompany?.companyId;
    if (parentId === undefined || !ids.has(parentId)) roots.push(company);
    else childrenOf.set(parentId, [...(childrenOf.get(parentId) ?? []), company]);
  }
  const seen = new Set<number>();
  // A cycle cannot be stored, but a list read while a move commits must not loop forever.
  const node = (company: TCompany): TCompanyNode => {
    seen.add(company.companyId);
    const children = (childrenOf.get(company.companyId) ?? []).filter((c) => !seen.has(c.companyId));
    return { company, children: children.sort(byName).map(node) };
  };
  return roots.sort(byName).map(node);
}

/** The company and every company below it (a company cannot move under one of these). */
export function subtreeIds(companies: readonly TCompany[], companyId: number): Set<number> {
  const found = new Set<number>([companyId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const company of companies) {
      const parentId = company.parentCompany?.companyId;
      if (parentId !== undefined && found.has(parentId) && !found.has(company.companyId)) {
        found.add(company.companyId);
        grew = true;
      }
    }
  }
  return found;
}

/** True when the name contains the search, ignoring case and accents ("societe" finds "Société"). */
export function nameMatches(name: string, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const needle = fold(search.trim());
  return needle !== '' && fold(name).includes(needle);
}

/** Ids of the companies above those whose name matches: expanded so every match shows. */
export function ancestorsOfMatches(companies: readonly TCompany[], search: string): number[] {
  const parentOf = new Map(companies.map((c) => [c.companyId, c.parentCompany?.companyId]));
  const open = new Set<number>();
  for (const company of companies) {
    if (!nameMatches(company.companyName, search)) continue;
    let parentId = parentOf.get(company.companyId);
    while (parentId !== undefined && !open.has(parentId) && parentOf.has(parentId)) {
      open.add(parentId);
      parentId = parentOf.get(parentId);
    }
  }
  return [...open];
}
