import { z } from 'zod';
import { ZId } from '../common/envelope.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

export const ZPlacementRule = ZTifFields.extend({
  placementRuleId: ZId,
  placementRuleName: z.string(),
  scenarioId: z.number().int().nullable(),
  scenarioName: z.string().nullable(),
  typeCode: z.string().nullable(),
  materialCode: z.string().nullable(),
  serviceSizeRangeLow: z.number().nullable(),
  serviceSizeRangeHigh: z.number().nullable(),
  closureDeviceSystemType: z.string().nullable(),
  closureDeviceSystemCount: z.number().int().nullable(),
  closureDeviceSystemThickness: z.number().nullable(),
  additionalInsulationTypeCode: z.string().nullable(),
  additionalInsulationThickness: z.number().nullable(),
  active: z.boolean(),
  companyId: z.number().int().nullable(),
  lastUpdate: z.string(),
  createdOn: z.string(),
});
export type TPlacementRule = z.infer<typeof ZPlacementRule>;
