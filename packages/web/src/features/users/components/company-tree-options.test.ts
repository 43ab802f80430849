import { describe, expect, it } from 'vitest';
import { companyTreeOptions } from './company-tree-options.ts';

describe('companyTreeOptions', () => {
  it('nests companies under their parents by name, an unknown parent making a root', () => {
    const tree = companyTreeOptions([
      { companyId: 3, companyName: 'Zeta', parentCompany: { companyId: 1 } },
      { companyId: 1, companyName: 'Holding', parentCompany: null },
      { companyId: 2, companyName: 'Acme', parentCompany: { companyId: 1 } },
      { companyId: 4, companyName: 'Acme Nord', parentCompany: { companyId: 2 } },
      { companyId: 9, companyName: 'Partner', parentCompany: { companyId: 77 } },
      { companyId: 8, companyName: 'Alone' },
    ]);
    expect(tree.map((o) => o.title)).toEqual(['Alone', 'Holding', 'Partner']);
    expect(tree[1]?.children.map((o) => o.title)).toEqual(['Acme', 'Zeta']);
    expect(tree[1]?.children[0]?.children).toEqual([{ value: 4, title: 'Acme Nord', children: [] }]);
  });
});
