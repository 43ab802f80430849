import type { TLicense, TUser } from '@portal/contract';
import { isInterfaceLanguage } from '@portal/contract';
import { iso, isoOrMin } from '../../lib/dates.ts';
import type { TUserWithCompany } from './users.repository.ts';

/** The one place a user row becomes the API record (the password hash and second-factor seed never do). */
export function toUser(
  { user, companyName }: TUserWithCompany,
  roles: Array<{ roleId: number; roleName: string }>,
  licence: TLicense | null,
): TUser {
  return {
    id: user.id,
    login: user.login,
    active: user.active,
    roles,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    companyName: user.companyName ?? companyName,
    company: user.companyId !== null ? { companyId: user.companyId, companyName: companyName ?? '' } : null,
    lastLogin: isoOrMin(user.lastLogin),
    joinDate: user.joinDate.toISOString(),
    registrationCompleted: user.registrationCompleted,
    licenseInfo: licence,
    licenseAcceptanceDate: iso(user.licenseAcceptanceDate),
    termsId: user.termsId ?? 0,
    photoFileName: user.photoFileName,
    photoBase64: null,
    mfaEnabled: user.mfaEnabled,
    language: isInterfaceLanguage(user.language) ? user.language : 'en',
  };
}
