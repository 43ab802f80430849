import { z } from 'zod';

/** Every JSON response: HTTP status mirrored in responseCode, errors as "[Title] …" then "[Detail] …". */
export const ZEnvelope = z.object({
  responseCode: z.number().int(),
  errorMessages: z.array(z.string()),
});
export type TEnvelope = z.infer<typeof ZEnvelope>;

export type TResponse<T extends object> = TEnvelope & T;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Paging, sorting and free-text search accepted beside any find's filters (CONTRACT 1). */
export const ZFindQuery = z.object({
  page: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
  sort: z
    .array(z.object({ field: z.string().min(1).max(64), dir: z.enum(SORT_DIRECTIONS).default('asc') }))
    .max(5)
    .optional(),
  search: z.string().max(200).optional(),
});
export type TFindQuery = z.infer<typeof ZFindQuery>;

/**
 * A find's sort over the fields its schema lists, so a bad field is refused before the handler
 * (`sortFieldNotValid`) and the OpenAPI document shows the choices.
 */
export function sortOf<const F extends readonly [string, ...string[]]>(fields: F) {
  return z
    .array(z.object({ field: z.enum(fields), dir: z.enum(SORT_DIRECTIONS).default('asc') }))
    .max(5)
    .optional();
}

export const DEFAULT_PAGE_SIZE = 1000;

/** ISO 8601 timestamp in UTC. */
export const ZIsoDate = z.iso.datetime({ offset: true });

/** Default minimum date: lastLogin of a user who never completed a sign-in. */
export const MIN_DATE = '0001-01-01T00:00:00Z';

/** Largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A record id: a positive whole number that fits the database's integer columns. */
export const ZId = z.number().int().min(1).max(MAX_ID);

/** A record id written in a path or a query string: digits only (not `0x1`, `1e0`, `1.0` or ` 1`). */
export const ZPathId = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(ZId);

/** The params of a route ending `/:id`. */
export const ZIdParams = z.object({ id: ZPathId });

/** Beside each `[Detail]` of an error: its message key, values and field (see MESSAGE_TEMPLATES). */
export const ZErrorDetail = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  field: z.string().optional(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/** An error answer: the envelope plus `errorDetails`, one per `[Detail]`, in the same order. */
export const ZErrorEnvelope = ZEnvelope.extend({ errorDetails: z.array(ZErrorDetail) });
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
