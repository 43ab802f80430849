import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

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
});
export type TParameterList = z.infer<typeof ZParameterList>;
