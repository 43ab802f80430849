import { z } from 'zod';
import { sortOf, ZFindQuery } from '../common/envelope.ts';

/** Customer filter concepts (spec 3): companies are Business, users without a company Individual. */
export const CUSTOMER_TYPES = ['Business', 'Individual'] as const;
/** Suspended where inactive, Active otherwise. */
export const CUSTOMER_STATUSES = ['Active', 'Suspended'] as const;

/** One of `values` as the spec writes it, taken in any case (an older client sends `business`). */
function anyCase<const V extends readonly [string, ...string[]]>(values: V) {
  return z.preprocess(
    (input) =>
      typeof input === 'string'
        ? (values.find((v) => v.toLowerCase() === input.toLowerCase()) ?? input)
        : input,
    z.enum(values),
  );
}

/** One customer: a company, or a user who belongs to none. */
export const ZCustomer = z.object({
  customerType: z.enum(CUSTOMER_TYPES),
  /** The company's id for a business, the user's id for an individual. */
  customerId: z.number().int(),
  customerName: z.string(),
  email: z.string().nullable(),
  login: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  /** Users of a business; null for an individual. */
  userCount: z.number().int().nullable(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

/** The fields a find may sort by. */
export const CUSTOMER_SORT_FIELDS = ['customerName', 'customerType', 'status', 'country'] as const;

export const ZCustomerFindRequest = ZFindQuery.extend({
  sort: sortOf(CUSTOMER_SORT_FIELDS),
  customerTypes: z.array(anyCase(CUSTOMER_TYPES)).max(2).optional(),
  statuses: z.array(anyCase(CUSTOMER_STATUSES)).max(2).optional(),
});
export type TCustomerFindRequest = z.infer<typeof ZCustomerFindRequest>;

export const ZCustomerPage = z.object({
  customerInfos: z.array(ZCustomer),
  totalCount: z.number().int().nonnegative(),
});
