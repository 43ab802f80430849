import { PARAMETER_LIST_TEXT_MAX, ZParameterListInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  inputOf,
  newParameter,
  type TParameterListDraft,
  validateDraft,
} from './parameter-draft.ts';

const draft = (
  change: Partial<TParameterListDraft> = {},
  parameter: { parameterName?: string; parameterValue?: string } = {},
): TParameterListDraft => ({
  parameterListCode: 'DOORS',
  parameterListDescription: '',
  active: true,
  companyId: 7,
  parameters: [{ ...newParameter(), parameterName: 'Width', ...parameter }],
  ...change,
});

/** The form's verdict and the save schema's on the same draft. */
const verdicts = (d: TParameterListDraft) => [
  hasErrors(validateDraft(d)),
  !ZParameterListInput.safeParse(inputOf(d, undefined)).success,
];

describe('parameter draft', () => {
  it.each([
    ['parameterListCode', (n: number) => draft({ parameterListCode: 'c'.repeat(n) })],
    ['parameterName', (n: number) => draft({}, { parameterName: 'n'.repeat(n) })],
    ['parameterValue', (n: number) => draft({}, { parameterValue: 'v'.repeat(n) })],
  ] as const)('limits %s where the save does', (field, at) => {
    expect(verdicts(at(PARAMETER_LIST_TEXT_MAX[field]))).toEqual([false, false]);
    expect(verdicts(at(PARAMETER_LIST_TEXT_MAX[field] + 1))).toEqual([true, true]);
  });
});
