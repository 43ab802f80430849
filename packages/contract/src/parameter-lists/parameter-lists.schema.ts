import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import { MESSAGES } from '../common/messages.ts';

export const PARAMETER_VALUE_TYPES = [
  'text',
  'number',
  'integer',
  'yesno',
  'length',
  'area',
  'volume',
  'angle',
  'material',
  'url',
] as const;
export type TParameterValueType = (typeof PARAMETER_VALUE_TYPES)[number];

export const ZParameter = z.object({
  parameterId: ZId,
  parameterName: z.string(),
  parameterValue: z.string().nullable(),
  parameterValueType: z.enum(PARAMETER_VALUE_TYPES),
  enabled: z.boolean(),
  readOnly: z.boolean(),
  parameterMeasurementUnitId: z.number().int().nullable(),
  parameterListId: ZId,
});
export type TParameter = z.infer<typeof ZParameter>;

export const ZParameterList = z.object({
  parameterListId: ZId,
  parameterListCode: z.string(),
  parameterListDescription: z.string().nullable(),
  active: z.boolean(),
  companyId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  parameters: z.array(ZParameter),
  companyName: z.string().nullable().optional(),
  /** Families that use it (a list in use cannot be deleted). */
  familyCount: z.number().int().nonnegative().optional(),
});
export type TParameterList = z.infer<typeof ZParameterList>;

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const YES_NO = new Set(['yes', 'no', 'true', 'false', '1', '0']);

/** Whether a value fits its type (an empty value always does); shared by the form and the server. */
export function parameterValueFits(type: TParameterValueType, value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  switch (type) {
    case 'number':
    case 'length':
    case 'area':
    case 'volume':
    case 'angle':
      return (
        NUMBER.test(v) &&
        Number.isFinite(Number(v)) &&
        (type === 'number' || type === 'angle' || Number(v) >= 0)
      );
    case 'integer':
      return /^-?\d{1,15}$/.test(v);
    case 'yesno':
      return YES_NO.has(v.toLowerCase());
    case 'url':
      return /^https?:\/\/\S+$/i.test(v);
    case 'text':
    case 'material':
      return true;
  }
}

/** A parameter list's text lengths, for its schemas below and the web form. */
export const PARAMETER_LIST_TEXT_MAX = {
  parameterListCode: 100,
  parameterListDescription: 2000,
  parameterName: 100,
  parameterValue: 1000,
} as const;

/**
 * Parameters one list holds at most, however many saves add to it (422 `tooManyItems` past it): a
 * list and a page of lists stay bounded answers.
 */
export const PARAMETER_LIST_PARAMETERS_MAX = 1000;

/** A parameter as saved: with an id it updates that parameter, without one it adds it. */
export const ZParameterInput = z
  .object({
    parameterId: ZId.optional(),
    parameterName: text('parameterName', { min: 1, max: PARAMETER_LIST_TEXT_MAX.parameterName }),
    parameterValue: z
      .string()
      .max(
        PARAMETER_LIST_TEXT_MAX.parameterValue,
        MESSAGES.maxLength('parameterValue', PARAMETER_LIST_TEXT_MAX.parameterValue),
      )
      .nullish(),
    parameterValueType: z.enum(PARAMETER_VALUE_TYPES).default('text'),
    enabled: z.boolean().default(true),
    readOnly: z.boolean().default(false),
    /** An item of the unit list (`unitlist`). */
    parameterMeasurementUnitId: ZId.nullish(),
  })
  .refine((p) => parameterValueFits(p.parameterValueType, p.parameterValue ?? ''), {
    message: MESSAGES.notValid('parameterValue'),
    path: ['parameterValue'],
    params: { key: 'notValid', values: { name: 'parameterValue' } },
  });
export type TParameterInput = z.infer<typeof ZParameterInput>;

/** Create (no id) or update (id) of a parameter list with its parameters. */
export const ZParameterListInput = z.object({
  parameterListId: ZId.optional(),
  parameterListCode: text('parameterListCode', { min: 1, max: PARAMETER_LIST_TEXT_MAX.parameterListCode }),
  parameterListDescription: optionalText(
    'parameterListDescription',
    PARAMETER_LIST_TEXT_MAX.parameterListDescription,
  ),
  active: z.boolean().default(true),
  /** Admins may file a list under any company or none (portal-wide); others under their tree. */
  companyId: ZId.nullish(),
  parameters: z.array(ZParameterInput).max(PARAMETER_LIST_PARAMETERS_MAX).default([]),
});
export type TParameterListInput = z.infer<typeof ZParameterListInput>;

/** The fields a find may sort by. */
export const PARAMETER_LIST_SORT_FIELDS = ['parameterListCode', 'active'] as const;

export const ZParameterListFindRequest = ZFindQuery.extend({
  sort: sortOf(PARAMETER_LIST_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  codes: z.array(z.string().max(100)).max(1000).optional(),
  active: z.boolean().optional(),
});
export type TParameterListFindRequest = z.infer<typeof ZParameterListFindRequest>;

export const ZParameterListSaveRequest = z.object({
  parameterListInfos: z.array(ZParameterListInput).min(1).max(50),
});
/** Removes parameters (`parameterInfos`) or whole lists (`parameterListInfos`), CONTRACT 1. */
export const ZParameterListDeleteRequest = z
  .object({
    parameterInfos: z
      .array(z.object({ parameterId: ZId }))
      .max(1000)
      .optional(),
    parameterListInfos: z
      .array(z.object({ parameterListId: ZId }))
      .max(100)
      .optional(),
  })
  .refine((r) => (r.parameterInfos?.length ?? 0) + (r.parameterListInfos?.length ?? 0) > 0, {
    message: MESSAGES.required('parameterInfos'),
    params: { key: 'required', values: { name: 'parameterInfos' } },
  });

export const ZParameterListInfos = z.object({ parameterListInfos: z.array(ZParameterList) });
export const ZParameterListPage = ZParameterListInfos.extend({ totalCount: z.number().int().nonnegative() });
