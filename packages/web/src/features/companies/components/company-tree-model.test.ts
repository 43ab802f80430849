import type { TCompany } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ancestorsOfMatches, buildCompanyTree, nameMatches, subtreeIds } from './company-tree-model.ts';

const company = (companyId: number, companyName: string, parentId: number | null) =>
  ({
    companyId,
    companyName,
    parentCompany: parentId === null ? null : { companyId: parentId, companyName: '' },
  }) as TCompany;

const companies = [
  company(5, 'Zeta', 1),
  company(1, 'Holding', null),
  company(2, 'Acme', 1),
  company(3, 'Acme Nord', 2),
  company(9, 'Partner Société', 42),
];

describe('buildCompanyTree', () => {
  it('nests companies under their parents by name, a parent outside the list making a root', () => {
    const tree = buildCompanyTree(companies);
    expect(tree.map((n) => n.company.companyName)).toEqual(['Holding', 'Partner Société']);
    expect(tree[0]?.children.map((n) => n.company.companyName)).toEqual(['Acme', 'Zeta']);
    expect(tree[0]?.children[0]?.children.map((n) => n.company.companyId)).toEqual([3]);
  });
});

describe('subtreeIds', () => {
  it('holds the company and everything below it', () => {
    expect([...subtreeIds(companies, 1)].sort()).toEqual([1, 2, 3, 5]);
    expect([...subtreeIds(companies, 2)].sort()).toEqual([2, 3]);
  });
});

describe('search in the tree', () => {
  it('matches without regard to case or accents', () => {
    expect(nameMatches('Partner Société', 'societe')).toBe(true);
    expect(nameMatches('Acme', '')).toBe(false);
  });

  it('opens every branch that leads to a match', () => {
    expect(ancestorsOfMatches(companies, 'nord').sort()).toEqual([1, 2]);
  });
});
