import {
  MIN_DATE,
  type TEnvEntry,
  type TEnvKey,
  BUILTIN_ROLES,
  DEFAULT_LIST_CODES,
  HELP_ROUTES,
} from '@portal/contract';
import type { TConfig } from '../../config.ts';

/** Name of the company the seeded administrator belongs to. */
export const DEFAULT_COMPANY_NAME = 'Family Portal';

/** The key/value pairs of GET /info/env (spec 9); built once at start-up. */
export function environmentOf(config: TConfig, appVersion: string): TEnvEntry[] {
  const values: Record<TEnvKey, string> = {
    defaultCompany: DEFAULT_COMPANY_NAME,
    defaultUser: 'admin',
    defaultMinDate: MIN_DATE,
    // The web app's help screen (hash routes), served by the portal itself: no outside links.
    helpUrl: `${config.publicUrl}/#${HELP_ROUTES.helpUrl}`,
    helpUrlFamilies: `${config.publicUrl}/#${HELP_ROUTES.helpUrlFamilies}`,
    helpUrlScenarios: `${config.publicUrl}/#${HELP_ROUTES.helpUrlScenarios}`,
    helpUrlPlacementRules: `${config.publicUrl}/#${HELP_ROUTES.helpUrlPlacementRules}`,
    tokenName: 'authData',
    materialsListCode: DEFAULT_LIST_CODES[1],
    servicesListCode: 'servicelist',
    constructionMaterialsListCode: 'constructionmateriallist',
    constructionServicesListCode: 'constructionservicelist',
    userRoleNames: BUILTIN_ROLES.join(','),
    defaultLocale: 'en-US',
    defaultCurrency: 'USD',
    cookieDomain: new URL(config.publicUrl).hostname,
    botCheckEnabled: String(config.botCheck.enabled),
    botCheckDifficulty: String(config.botCheck.difficulty),
    appVersion,
    mfaRequiredForAdmins: String(config.mfaRequiredForAdmins),
  };
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}
