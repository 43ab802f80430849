import type { TTifStatus } from '@portal/contract';
import { FindConditions } from './paged-find.ts';
import type { familyCounts, revitFamilies } from './schema/index.ts';

/**
 * Which families a caller may see: its company scope (null: every company) and the statuses;
 * `reader`: an end user's view of the published library, without the workflow fields that tell of
 * requests (tifAction, tifOriginalId, tifTempId answer null).
 */
export type TFamilyVisibility = { scope: number[] | null; statuses: readonly TTifStatus[]; reader?: boolean };

/** What the library shows unless a contributor asks for requests: the published families. */
export const PUBLISHED: readonly TTifStatus[] = ['A'];

/**
 * The visibility as conditions on the families' columns or on family_counts' (which keeps both):
 * the one condition the library's finds, its facets and the categories' family counts share.
 */
export function visibilityConditions(
  visibility: Pick<TFamilyVisibility, 'scope' | 'statuses'>,
  columns: Pick<typeof revitFamilies | typeof familyCounts, 'companyId' | 'tifStatus'>,
  find: FindConditions = new FindConditions(),
): FindConditions {
  if (visibility.scope !== null) find.oneOf('scope', columns.companyId, visibility.scope);
  return find.oneOf('statuses', columns.tifStatus, visibility.statuses);
}
