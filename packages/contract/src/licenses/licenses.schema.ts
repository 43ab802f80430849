import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

export const ZLicense = z.object({
  licenseInfoId: ZId,
  licenseCode: z.string(),
  licenseType: z.string().nullable(),
  licenseDescription: z.string().nullable(),
  licenseValidUntil: z.string().nullable(),
  maxNumberOfUsers: z.number().int().min(1),
  currentNumberOfUsers: z.number().int().min(0),
  accountManager: z.string().nullable(),
  licenseStatus: z.string().nullable(),
  active: z.boolean(),
  licenseClaims: z.array(z.string()),
  validCheck: z.boolean().nullable(),
  validCheckDate: z.string().nullable(),
});
export type TLicense = z.infer<typeof ZLicense>;
