import { ZLicensePage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { EXPIRING_WITHIN_DAYS } from '../../../shared/ui/licence-status.ts';

/**
 * POST /api/license/find of the active licences that end within EXPIRING_WITHIN_DAYS and have not
 * ended yet, the soonest first.
 */
export function findExpiringLicences(pageSize: number) {
  return typedRequest('/license/find', ZLicensePage, {
    body: {
      page: 1,
      pageSize,
      active: true,
      expiringWithinDays: EXPIRING_WITHIN_DAYS,
      includeExpired: false,
      sort: [{ field: 'licenseValidUntil', dir: 'asc' }],
    },
    toastErrors: false,
  });
}

/** Under the licences feature's key, so a saved licence refreshes the home page's card. */
export function useExpiringLicences(pageSize: number) {
  return useQuery({
    queryKey: ['licences', 'home', pageSize],
    queryFn: () => findExpiringLicences(pageSize),
  });
}
