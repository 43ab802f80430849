import type { TRevitFamily } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changedFamilyFields } from './approvals.mapper.ts';

const base = {
  revitFamilyName: 'Door',
  revitFamilyTags: ['a', 'b'],
  revitFamilyFileHash: 'h1',
  revitVersion: '2019',
  revitFamilyTypes: [
    {
      typeName: 'T1',
      parameters: [
        { name: 'Width', value: '900', unit: 'mm', dataType: null },
        { name: 'Height', value: '2100', unit: 'mm', dataType: null },
      ],
    },
  ],
} as unknown as TRevitFamily;

describe('changedFamilyFields', () => {
  it('finds nothing when only the order of tags, types and parameters differs', () => {
    const same = {
      ...base,
      revitFamilyTags: ['b', 'a'],
      revitFamilyTypes: [
        { ...base.revitFamilyTypes![0]!, parameters: [...base.revitFamilyTypes![0]!.parameters].reverse() },
      ],
    };
    expect(changedFamilyFields(base, same)).toEqual([]);
  });

  it('names the file, its Revit version, the name and a type whose value changed', () => {
    const changed = {
      ...base,
      revitFamilyName: 'Door 2',
      revitFamilyFileHash: 'h2',
      revitVersion: '2021',
      revitFamilyTypes: [
        { typeName: 'T1', parameters: [{ name: 'Width', value: '1000', unit: 'mm', dataType: null }] },
      ],
    };
    expect(changedFamilyFields(base, changed)).toEqual([
      'revitFamilyName',
      'revitVersion',
      'revitFamilyFileHash',
      'revitFamilyTypes',
    ]);
  });
});
