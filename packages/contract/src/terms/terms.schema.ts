import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

export const ZTerms = z.object({
  termsId: ZId,
  companyId: z.number().int().nullable(),
  termsTitle: z.string(),
  termsDescription: z.string(),
  active: z.boolean(),
  lastUpdate: z.string(),
  createdOn: z.string(),
});
export type TTerms = z.infer<typeof ZTerms>;

export const ZTermsInfos = z.object({ termsInfos: z.array(ZTerms) });
