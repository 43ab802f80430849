import { z } from 'zod';

/** Keys of GET /info/env (spec 9), answered as [{key, value}]. */
export const ENV_KEYS = [
  'defaultCompany',
  'defaultUser',
  'defaultMinDate',
  'helpUrl',
  'helpUrlFamilies',
  'helpUrlScenarios',
  'helpUrlPlacementRules',
  'tokenName',
  'materialsListCode',
  'servicesListCode',
  'constructionMaterialsListCode',
  'constructionServicesListCode',
  'userRoleNames',
  'defaultLocale',
  'defaultCurrency',
  'cookieDomain',
  'botCheckEnabled',
  'botCheckDifficulty',
  'appVersion',
  'mfaRequiredForAdmins',
] as const;
export type TEnvKey = (typeof ENV_KEYS)[number];

export const ZEnvEntry = z.object({ key: z.string(), value: z.string() });
export type TEnvEntry = z.infer<typeof ZEnvEntry>;

export const ZEnvironment = z.object({ environment: z.array(ZEnvEntry) });
export const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
