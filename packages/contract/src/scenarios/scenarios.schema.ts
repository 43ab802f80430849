import { z } from 'zod';
import { ZId } from '../common/envelope.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

export const ZScenario = ZTifFields.extend({
  scenarioId: ZId,
  scenarioName: z.string(),
  revitFamilyId: z.number().int().nullable(),
  revitFamilyName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  documentType: z.string().nullable(),
  pageNumber: z.string().nullable(),
  detailReference: z.string().nullable(),
  parameterListId: z.number().int().nullable(),
  parameterListCode: z.string().nullable(),
  fireRating: z.string(),
  acousticPerformance: z.string().nullable(),
  apertureSizeMinWidth: z.number().nullable(),
  apertureSizeMinHeight: z.number().nullable(),
  apertureSizeMaxWidth: z.number().nullable(),
  apertureSizeMaxHeight: z.number().nullable(),
  constructionElement: z.string().nullable(),
  constructionMaterialCode: z.string().nullable(),
  constructionThickness: z.number().nullable(),
  serviceSupport: z.string().nullable(),
  active: z.boolean(),
});
export type TScenario = z.infer<typeof ZScenario>;
