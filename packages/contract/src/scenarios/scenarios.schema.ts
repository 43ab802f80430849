import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import type { TEnvKey } from '../info/info.schema.ts';
import { TIF_ACTIONS, TIF_STATUSES } from '../workflow/tif.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

/** Text limits of a scenario's fields, in characters (spec 5: document fields travel as text). */
export const SCENARIO_LIMITS = {
  scenarioName: 200,
  documentType: 100,
  pageNumber: 50,
  detailReference: 200,
  fireRating: 50,
  acousticPerformance: 50,
  constructionElement: 100,
  constructionMaterialCode: 100,
  serviceSupport: 500,
} as const;

/** The largest size or thickness a scenario or placement rule takes (millimetres: 1 km). */
export const MAX_DIMENSION = 1_000_000;

/** A size or thickness: a number, never negative; null clears it. */
export const dimension = () => z.number().min(0).max(MAX_DIMENSION).nullish();

/** A text the spec sends as text that older clients may send as a number (a page number). */
const textOf = (name: keyof typeof SCENARIO_LIMITS) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    optionalText(name, SCENARIO_LIMITS[name]),
  );

/** Each minimum with the maximum it may not exceed, for scenarios and placement rules alike. */
export const SCENARIO_RANGES = [
  ['apertureSizeMinWidth', 'apertureSizeMaxWidth'],
  ['apertureSizeMinHeight', 'apertureSizeMaxHeight'],
] as const;

/**
 * The ranges among `values` whose minimum is above their maximum: one entry each, naming the
 * minimum's field. The save checks the merged record with it (an update may send one bound), the
 * schema the request: one rule, two places it is applied.
 */
export function reversedRanges(
  values: Readonly<Record<string, unknown>>,
  ranges: ReadonlyArray<readonly [string, string]>,
): Array<{ field: string; other: string; min: number; max: number }> {
  return ranges.flatMap(([low, high]) => {
    const min = values[low];
    const max = values[high];
    return typeof min === 'number' && typeof max === 'number' && min > max
      ? [{ field: low, other: high, min, max }]
      : [];
  });
}

/** A refine adding a `rangeReversed` issue at each minimum above its maximum. */
export function checkRanges(ranges: ReadonlyArray<readonly [string, string]>) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const problem of reversedRanges(values, ranges))
      ctx.addIssue({
        code: 'custom',
        message: `${problem.field} is above ${problem.other}`,
        path: [problem.field],
        params: {
          key: 'rangeReversed',
          values: { other: problem.other, min: problem.min, max: problem.max },
        },
      });
  };
}

/**
 * The codes of a scenario that must be items of a generic list, by the /info/env key naming that
 * list; a code whose list is missing or empty takes any text.
 */
export const SCENARIO_CODE_LISTS = {
  constructionMaterialCode: 'constructionMaterialsListCode',
} as const satisfies Record<string, TEnvKey>;

/** A scenario: a tested detail (which family to place, in which construction, for which rating). */
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
  createdOn: z.string(),
  lastUpdate: z.string(),
});
export type TScenario = z.infer<typeof ZScenario>;

/**
 * Create (no id) or update (id) of one scenario. On update a field left out keeps its value and
 * null clears it; an empty fireRating is "0" (spec 5).
 */
export const ZScenarioInput = z
  .object({
    scenarioId: ZId.optional(),
    scenarioName: text('scenarioName', { min: 1, max: SCENARIO_LIMITS.scenarioName }),
    revitFamilyId: ZId.nullish(),
    /** Admins file a scenario under any company; everyone else's go under their tree. */
    companyId: ZId.nullish(),
    documentType: textOf('documentType'),
    pageNumber: textOf('pageNumber'),
    detailReference: textOf('detailReference'),
    parameterListId: ZId.nullish(),
    fireRating: z.preprocess(
      (value) =>
        value === null || (typeof value === 'string' && value.trim() === '')
          ? '0'
          : typeof value === 'number'
            ? String(value)
            : value,
      text('fireRating', { max: SCENARIO_LIMITS.fireRating }).optional(),
    ),
    acousticPerformance: textOf('acousticPerformance'),
    apertureSizeMinWidth: dimension(),
    apertureSizeMinHeight: dimension(),
    apertureSizeMaxWidth: dimension(),
    apertureSizeMaxHeight: dimension(),
    constructionElement: textOf('constructionElement'),
    constructionMaterialCode: textOf('constructionMaterialCode'),
    constructionThickness: dimension(),
    serviceSupport: textOf('serviceSupport'),
    active: z.boolean().optional(),
    /** Admins only, on update: act on a pending request (CONTRACT 4); null is no action. */
    tifAction: z.enum(TIF_ACTIONS).nullish(),
    /** With `tifAction` on a request: why, kept with the decision and sent to the requester. */
    tifReason: optionalText('tifReason', 2000),
    /** With `tifAction` on a request: a comment kept with the decision for the requester. */
    tifComment: optionalText('tifComment', 2000),
    /** The stored status changes nothing; `RfD` on a published scenario asks to withdraw it. */
    tifStatus: z.enum(TIF_STATUSES).nullish(),
  })
  .superRefine(checkRanges(SCENARIO_RANGES));
export type TScenarioInput = z.infer<typeof ZScenarioInput>;

export const SCENARIO_SORT_FIELDS = [
  'scenarioName',
  'revitFamilyName',
  'companyName',
  'fireRating',
  'constructionElement',
  'constructionMaterialCode',
  'createdOn',
  'lastUpdate',
] as const;

/** A find filter on a code: the records whose code is one of these (exactly as stored). */
export const codeFilter = (name: string, max: number) =>
  z
    .array(text(name, { min: 1, max }))
    .max(100)
    .optional();

/** A find filter on a size: a number, never negative, as the lookup takes it. */
export const sizeFilter = () => z.number().min(0).max(MAX_DIMENSION).optional();

/**
 * `/scenario/find`: the caller's tree's scenarios (every published one for end users). A size
 * filter keeps the scenarios that fit it as the lookup reads them: an aperture within the
 * scenario's width or height bounds, a construction at least as thick as the scenario's; a bound
 * left empty holds any size.
 */
export const ZScenarioFindRequest = ZFindQuery.extend({
  sort: sortOf(SCENARIO_SORT_FIELDS),
  includeTempItems: z.boolean().optional(),
  active: z.boolean().optional(),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  revitFamilyIds: z.array(ZId).max(1000).optional(),
  tifStatuses: z.array(z.enum(TIF_STATUSES)).max(7).optional(),
  constructionMaterialCodes: codeFilter(
    'constructionMaterialCodes',
    SCENARIO_LIMITS.constructionMaterialCode,
  ),
  constructionElements: codeFilter('constructionElements', SCENARIO_LIMITS.constructionElement),
  fireRatings: codeFilter('fireRatings', SCENARIO_LIMITS.fireRating),
  apertureWidth: sizeFilter(),
  apertureHeight: sizeFilter(),
  constructionThickness: sizeFilter(),
});
export type TScenarioFindRequest = z.infer<typeof ZScenarioFindRequest>;

export const ZScenarioSaveRequest = z.object({ scenarioInfos: z.array(ZScenarioInput).min(1).max(100) });
export const ZScenarioDeleteRequest = z.object({
  scenarioInfos: z
    .array(z.object({ scenarioId: ZId }))
    .min(1)
    .max(100),
});
export const ZScenarioInfos = z.object({ scenarioInfos: z.array(ZScenario) });
export const ZScenarioPage = ZScenarioInfos.extend({ totalCount: z.number().int().nonnegative() });
