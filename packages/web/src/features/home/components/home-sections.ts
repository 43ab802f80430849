import type { TPermission } from '@portal/contract';

/** The cards a home page may hold, in page order. */
export const HOME_SECTIONS = [
  'search',
  'categories',
  'recentFamilies',
  'companyFamilies',
  'openRequests',
  'pendingApprovals',
  'waitingUsers',
  'expiringLicences',
  'recentUploads',
] as const;
export type THomeSection = (typeof HOME_SECTIONS)[number];

/**
 * The home page's cards for a token, by what it may do: administrators (adminmanagement.update)
 * decide requests and accounts; contributors (contentmanagement.create: partners and their users)
 * upload and follow their requests; readers (contentmanagement.read only) look for families. A card
 * whose call the token may not make is left out.
 */
export function homeSectionsFor(can: (permission: TPermission) => boolean): THomeSection[] {
  const admin = can('adminmanagement.update');
  const contributor = !admin && can('contentmanagement.create');
  const reader = !admin && !contributor && can('contentmanagement.read');
  const shown: Record<THomeSection, boolean> = {
    search: reader,
    categories: reader,
    recentFamilies: reader,
    companyFamilies: contributor && can('contentmanagement.read'),
    // POST /approvals/find asks contentmanagement.update.
    openRequests: contributor && can('contentmanagement.update'),
    pendingApprovals: admin && can('contentmanagement.update'),
    waitingUsers: admin && can('usermanagement.read'),
    expiringLicences: admin && can('partnermanagement.read'),
    recentUploads: admin && can('contentmanagement.read'),
  };
  return HOME_SECTIONS.filter((section) => shown[section]);
}
