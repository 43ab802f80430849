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

/**
 * Where each help link of GET /info/env points, as a hash route of the web app (its help screen):
 * the server prefixes the public URL, the web app serves a page at each.
 */
export const HELP_ROUTES = {
  helpUrl: '/help',
  helpUrlFamilies: '/help/families',
  helpUrlScenarios: '/help/scenarios',
  helpUrlPlacementRules: '/help/placement-rules',
} as const satisfies Partial<Record<TEnvKey, string>>;

export const ZEnvEntry = z.object({ key: z.string(), value: z.string() });
export type TEnvEntry = z.infer<typeof ZEnvEntry>;

export const ZEnvironment = z.object({ environment: z.array(ZEnvEntry) });
export const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** `/api/ready`: every part a request needs answered (the 503 names the ones that did not). */
export const ZReady = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  parts: z.record(z.string(), z.boolean()),
});
