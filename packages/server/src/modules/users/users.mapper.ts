import type { TLicense, TUser } from '@portal/contract';
import { isInterfaceLanguage, MIN_DATE } from '@portal/contract';
import type { TUserRecordRow } from './users.repository.ts';

/** The one place a user row becomes the API record (the password hash and second-factor seed are never read). */
export function toUser(row: TUserRecordRow, licence: TLicense | null): TUser {
  return {
    id: row.id,
    login: row.login,
    active: row.active,
    roles: row.roles,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName ?? row.companyDisplayName,
    company:
      row.companyId !== null ? { companyId: row.companyId, companyName: row.companyDisplayName ?? '' } : null,
    // A never-set moment shows as the environment's default minimum date (CONTRACT 1).
    lastLogin: row.lastLogin ?? MIN_DATE,
    joinDate: row.joinDate,
    registrationCompleted: row.registrationCompleted,
    licenseInfo: licence,
    licenseAcceptanceDate: row.licenseAcceptanceDate,
    termsId: row.termsId ?? 0,
    photoFileName: row.photoFileName,
    photoBase64: null,
    mfaEnabled: row.mfaEnabled,
    language: isInterfaceLanguage(row.language) ? row.language : 'en',
  };
}
