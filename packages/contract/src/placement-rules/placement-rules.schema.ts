import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import type { TEnvKey } from '../info/info.schema.ts';
import { checkRanges, codeFilter, dimension, sizeFilter } from '../scenarios/scenarios.schema.ts';
import { TIF_ACTIONS, TIF_STATUSES } from '../workflow/tif.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

/** Text limits of a placement rule's fields, in characters. */
export const PLACEMENT_RULE_LIMITS = {
  placementRuleName: 200,
  typeCode: 100,
  materialCode: 100,
  closureDeviceSystemType: 100,
  additionalInsulationTypeCode: 100,
} as const;

/** Closure devices (collars, wraps) one rule may call for at most. */
export const MAX_CLOSURE_DEVICES = 100;

/** Each minimum with the maximum it may not exceed. */
export const PLACEMENT_RULE_RANGES = [['serviceSizeRangeLow', 'serviceSizeRangeHigh']] as const;

/**
 * The codes of a rule that must be items of a generic list, by the /info/env key naming that list:
 * the service type, its material and the insulation's (a material too). The env names no list of
 * closure devices, so `closureDeviceSystemType` takes any text, as does a code whose list is
 * missing or empty.
 */
export const PLACEMENT_RULE_CODE_LISTS = {
  typeCode: 'servicesListCode',
  materialCode: 'materialsListCode',
  additionalInsulationTypeCode: 'materialsListCode',
} as const satisfies Record<string, TEnvKey>;

/** A placement rule: which scenario applies to a service of a type and material within a size range. */
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

const code = (name: keyof typeof PLACEMENT_RULE_LIMITS) => optionalText(name, PLACEMENT_RULE_LIMITS[name]);

/** Create (no id) or update (id) of one rule; on update a field left out keeps its value, null clears it. */
export const ZPlacementRuleInput = z
  .object({
    placementRuleId: ZId.optional(),
    placementRuleName: text('placementRuleName', { min: 1, max: PLACEMENT_RULE_LIMITS.placementRuleName }),
    scenarioId: ZId.nullish(),
    typeCode: code('typeCode'),
    materialCode: code('materialCode'),
    serviceSizeRangeLow: dimension(),
    serviceSizeRangeHigh: dimension(),
    closureDeviceSystemType: code('closureDeviceSystemType'),
    closureDeviceSystemCount: z.number().int().min(0).max(MAX_CLOSURE_DEVICES).nullish(),
    closureDeviceSystemThickness: dimension(),
    additionalInsulationTypeCode: code('additionalInsulationTypeCode'),
    additionalInsulationThickness: dimension(),
    active: z.boolean().optional(),
    /** Admins file a rule under any company; everyone else's go under their tree. */
    companyId: ZId.nullish(),
    /** Admins only, on update: act on a pending request (CONTRACT 4); null is no action. */
    tifAction: z.enum(TIF_ACTIONS).nullish(),
    tifReason: optionalText('tifReason', 2000),
    tifComment: optionalText('tifComment', 2000),
    /** The stored status changes nothing; `RfD` on a published rule asks to withdraw it. */
    tifStatus: z.enum(TIF_STATUSES).nullish(),
  })
  .superRefine(checkRanges(PLACEMENT_RULE_RANGES));
export type TPlacementRuleInput = z.infer<typeof ZPlacementRuleInput>;

export const PLACEMENT_RULE_SORT_FIELDS = [
  'placementRuleName',
  'scenarioName',
  'typeCode',
  'materialCode',
  'serviceSizeRangeLow',
  'serviceSizeRangeHigh',
  'createdOn',
  'lastUpdate',
] as const;

/**
 * `/placement-rules/find`: the caller's tree's rules (every published one for end users).
 * `serviceSize` keeps the rules whose size range holds it, both ends inclusive; an empty bound
 * holds any size, as in the lookup.
 */
export const ZPlacementRuleFindRequest = ZFindQuery.extend({
  sort: sortOf(PLACEMENT_RULE_SORT_FIELDS),
  includeTempItems: z.boolean().optional(),
  active: z.boolean().optional(),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  scenarioIds: z.array(ZId).max(1000).optional(),
  tifStatuses: z.array(z.enum(TIF_STATUSES)).max(7).optional(),
  typeCodes: codeFilter('typeCodes', PLACEMENT_RULE_LIMITS.typeCode),
  materialCodes: codeFilter('materialCodes', PLACEMENT_RULE_LIMITS.materialCode),
  additionalInsulationTypeCodes: codeFilter(
    'additionalInsulationTypeCodes',
    PLACEMENT_RULE_LIMITS.additionalInsulationTypeCode,
  ),
  closureDeviceSystemTypes: codeFilter(
    'closureDeviceSystemTypes',
    PLACEMENT_RULE_LIMITS.closureDeviceSystemType,
  ),
  serviceSize: sizeFilter(),
});
export type TPlacementRuleFindRequest = z.infer<typeof ZPlacementRuleFindRequest>;

export const ZPlacementRuleSaveRequest = z.object({
  placementRuleInfos: z.array(ZPlacementRuleInput).min(1).max(100),
});
export const ZPlacementRuleDeleteRequest = z.object({
  placementRuleInfos: z
    .array(z.object({ placementRuleId: ZId }))
    .min(1)
    .max(100),
});
export const ZPlacementRuleInfos = z.object({ placementRuleInfos: z.array(ZPlacementRule) });
export const ZPlacementRulePage = ZPlacementRuleInfos.extend({ totalCount: z.number().int().nonnegative() });
