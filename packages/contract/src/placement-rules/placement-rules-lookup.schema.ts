import { z } from 'zod';
import { MAX_DIMENSION } from '../scenarios/scenarios.schema.ts';

/** The most records one lookup answers, and how many it answers when `limit` is left out. */
export const LOOKUP_MAX_LIMIT = 100;
export const LOOKUP_DEFAULT_LIMIT = 20;
/** How many near misses an empty answer carries at most. */
export const LOOKUP_NEAR_MISSES = 3;

/** A query parameter that is a size: a plain decimal number, never negative. */
const size = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${name} is not a number`)
    .transform(Number)
    // Nothing stored is larger; a size of hundreds of digits would otherwise be Infinity.
    .pipe(z.number().max(MAX_DIMENSION, `${name} is above ${MAX_DIMENSION}`))
    .optional();
const code = (name: string) => z.string().trim().min(1, `${name} is empty`).max(200).optional();

/**
 * `GET /placement-rules/diKeeperGet` and `GET /scenario/diKeeperGet` (CONTRACT 8): every parameter
 * optional; a parameter the lookup does not know is a 400 naming it.
 */
const LOOKUP_QUERY_SHAPE = {
  /** The service's type (services list); rules only. */
  TypeCode: code('TypeCode'),
  /** The service's material (materials list); rules only. */
  MaterialCode: code('MaterialCode'),
  /** The service's size (mm), within the rule's serviceSizeRange. */
  ServiceSize: size('ServiceSize'),
  /** The closure device the design calls for; rules only. */
  ClosureDeviceSystemType: code('ClosureDeviceSystemType'),
  /** The insulation around the service (materials list); rules only. */
  AdditionalInsulationTypeCode: code('AdditionalInsulationTypeCode'),
  /** Wall, floor...: the scenario's constructionElement. */
  ConstructionElement: code('ConstructionElement'),
  ConstructionMaterialCode: code('ConstructionMaterialCode'),
  /** The construction's thickness (mm): at least the scenario's constructionThickness. */
  ConstructionThickness: size('ConstructionThickness'),
  /** The rating asked ("EI 60", "EI60", "60", "F90", "2h"); met by an equal or higher one. */
  FireRating: code('FireRating'),
  AcousticPerformance: code('AcousticPerformance'),
  /** The aperture (mm), within the scenario's min/max width and height. */
  ApertureWidth: size('ApertureWidth'),
  ApertureHeight: size('ApertureHeight'),
  /** Only the records of this company. */
  CompanyId: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'CompanyId is not an id')
    .transform(Number)
    .optional(),
  /** How many records at most (1 to 100, default 20). */
  limit: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'limit is not a number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(LOOKUP_MAX_LIMIT))
    .optional(),
};

/**
 * A strict query: each parameter outside `shape` is refused under its own name (a strict object
 * alone would name only the query), `__proto__` included.
 */
function strictQuery<S extends z.ZodRawShape>(shape: S) {
  const known = new Set(Object.keys(shape));
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value);
    for (const [key] of entries)
      if (!known.has(key))
        ctx.addIssue({
          code: 'custom',
          message: `${key} is not a parameter of the lookup`,
          path: [key],
          input: value,
          params: { key: 'notValid', values: { name: key.slice(0, 64) } },
        });
    return Object.fromEntries(entries.filter(([key]) => known.has(key)));
  }, z.object(shape).strict());
}

export const ZLookupQuery = strictQuery(LOOKUP_QUERY_SHAPE);
export type TLookupQuery = z.infer<typeof ZLookupQuery>;

/** The parameters that are compared with a record's bounds. */
export const LOOKUP_LIMITS = [
  'ServiceSize',
  'ConstructionThickness',
  'ApertureWidth',
  'ApertureHeight',
  'FireRating',
] as const;
export type TLookupLimit = (typeof LOOKUP_LIMITS)[number];

/** The value asked and the record's bounds (null: unbounded); fire ratings in minutes. */
export const ZLookupBounds = z.object({
  asked: z.number(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** The family a record places and where its file downloads. */
export const ZLookupFamily = z.object({
  revitFamilyId: z.number().int().nullable(),
  revitFamilyName: z.string().nullable(),
  revitVersion: z.string().nullable(),
  revitFamilyFileHash: z.string().nullable(),
  downloadPath: z.string().nullable(),
});

export const ZLookupScenario = ZLookupFamily.extend({
  scenarioId: z.number().int(),
  scenarioName: z.string(),
  companyId: z.number().int().nullable(),
  documentType: z.string().nullable(),
  pageNumber: z.string().nullable(),
  detailReference: z.string().nullable(),
  fireRating: z.string(),
  acousticPerformance: z.string().nullable(),
  apertureSizeMinWidth: z.number().nullable(),
  apertureSizeMaxWidth: z.number().nullable(),
  apertureSizeMinHeight: z.number().nullable(),
  apertureSizeMaxHeight: z.number().nullable(),
  constructionElement: z.string().nullable(),
  constructionMaterialCode: z.string().nullable(),
  constructionThickness: z.number().nullable(),
  serviceSupport: z.string().nullable(),
  lastUpdate: z.string(),
});

/** One constraint a near miss fails and by how much (`by`: null for a code that differs). */
export const ZLookupFailure = z.object({
  parameter: z.string(),
  asked: z.union([z.number(), z.string()]),
  low: z.union([z.number(), z.string()]).nullable(),
  high: z.union([z.number(), z.string()]).nullable(),
  by: z.number().nullable(),
  message: z.string(),
});

const limits = z.record(z.string(), ZLookupBounds);

export const ZScenarioLookupInfo = ZLookupScenario.extend({ limits });
export const ZPlacementRuleLookupInfo = ZLookupFamily.extend({
  placementRuleId: z.number().int(),
  placementRuleName: z.string(),
  companyId: z.number().int().nullable(),
  typeCode: z.string().nullable(),
  materialCode: z.string().nullable(),
  serviceSizeRangeLow: z.number().nullable(),
  serviceSizeRangeHigh: z.number().nullable(),
  closureDeviceSystemType: z.string().nullable(),
  closureDeviceSystemCount: z.number().int().nullable(),
  closureDeviceSystemThickness: z.number().nullable(),
  additionalInsulationTypeCode: z.string().nullable(),
  additionalInsulationThickness: z.number().nullable(),
  lastUpdate: z.string(),
  scenario: ZLookupScenario,
  limits,
});
export type TPlacementRuleLookupInfo = z.infer<typeof ZPlacementRuleLookupInfo>;
export type TScenarioLookupInfo = z.infer<typeof ZScenarioLookupInfo>;
export type TLookupFailure = z.infer<typeof ZLookupFailure>;

const nearMisses = <T extends z.ZodType>(record: T) =>
  z.array(z.object({ record, failures: z.array(ZLookupFailure) })).max(LOOKUP_NEAR_MISSES);

export const ZPlacementRuleLookup = z.object({
  placementRuleInfos: z.array(ZPlacementRuleLookupInfo),
  nearMisses: nearMisses(ZPlacementRuleLookupInfo.omit({ limits: true })),
});
export const ZScenarioLookup = z.object({
  scenarioInfos: z.array(ZScenarioLookupInfo),
  nearMisses: nearMisses(ZLookupScenario),
});

/** The scenario lookup takes the scenario's parameters only: a rule's is a 400 naming it. */
export const ZScenarioLookupQuery = strictQuery(
  z.object(LOOKUP_QUERY_SHAPE).omit({
    TypeCode: true,
    MaterialCode: true,
    ServiceSize: true,
    ClosureDeviceSystemType: true,
    AdditionalInsulationTypeCode: true,
  }).shape,
);
