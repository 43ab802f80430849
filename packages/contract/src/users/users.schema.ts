import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { email, optionalText, passwordHash, text, ZLogin, ZPhone } from '../common/fields.ts';
import { ZCompanyRef } from '../companies/companies.schema.ts';
import { ZLicense } from '../licences/licences.schema.ts';
import { INTERFACE_LANGUAGES } from '../common/languages.ts';

export const ZRoleRef = z.object({ roleId: ZId, roleName: z.string() });

/** A user as the API answers it; the password hash never leaves the server. */
export const ZUser = z.object({
  id: ZId,
  login: z.string(),
  active: z.boolean(),
  roles: z.array(ZRoleRef),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  company: ZCompanyRef.nullable(),
  lastLogin: z.string(),
  joinDate: z.string(),
  registrationCompleted: z.boolean(),
  licenseInfo: ZLicense.nullable(),
  licenseAcceptanceDate: z.string().nullable(),
  termsId: z.number().int(),
  photoFileName: z.string().nullable(),
  photoBase64: z.string().nullable(),
  mfaEnabled: z.boolean(),
  /** Interface language the user chose last; mails go out in it. */
  language: z.enum(INTERFACE_LANGUAGES),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserData = z.object({
  firstName: text('firstName', { min: 1, max: 100 }),
  lastName: text('lastName', { min: 1, max: 100 }),
  email: email(),
  phone: ZPhone,
  companyName: optionalText('companyName', 200),
  company: z.object({ companyId: ZId }).nullish(),
  /** Interface language (mails go out in it); the sign-up form sends the one in use. */
  language: z.enum(INTERFACE_LANGUAGES).optional(),
});
export type TUserData = z.infer<typeof ZUserData>;

/**
 * Create (no id, a password required) or update (id) of one user. The password's hash comes as
 * `hashedPassword`, the spec's name for the field (section 3), or as `passwordHash`, the name the
 * other password calls use; the server reads one `passwordHash`.
 */
export const ZUserInput = ZUserData.extend({
  id: ZId.optional(),
  login: ZLogin,
  passwordHash: passwordHash().optional(),
  hashedPassword: passwordHash().optional(),
  active: z.boolean().optional(),
  registrationCompleted: z.boolean().optional(),
  roles: z
    .array(z.object({ roleId: ZId }))
    .max(20)
    .optional(),
  photoFileName: optionalText('photoFileName', 255),
  /** Its size is checked when decoded (413 past 2 MiB); the route's body limit bounds it first. */
  photoBase64: z.string().nullish(),
})
  .refine((u) => u.id !== undefined || u.passwordHash !== undefined || u.hashedPassword !== undefined, {
    message: 'password is required',
    path: ['passwordHash'],
    params: { key: 'required', values: { name: 'password' } },
  })
  .refine((u) => !u.passwordHash || !u.hashedPassword || u.passwordHash === u.hashedPassword, {
    message: 'two different passwords',
    path: ['hashedPassword'],
    params: { key: 'notValid', values: { name: 'hashedPassword' } },
  })
  .transform(({ hashedPassword, ...user }) => ({
    ...user,
    passwordHash: user.passwordHash ?? hashedPassword,
    // A find answers the photo's name without its content (photoBase64 null): sent back so, the
    // photo stays; a removal sends no name.
    photoBase64: user.photoBase64 === null && user.photoFileName ? undefined : user.photoBase64,
  }));
/** A user as saved (what the server reads: one `passwordHash`). */
export type TUserInput = z.infer<typeof ZUserInput>;
/** A user as a client sends it. */
export type TUserInputSent = z.input<typeof ZUserInput>;

/** The fields a find may sort by. */
export const USER_SORT_FIELDS = [
  'login',
  'firstName',
  'lastName',
  'email',
  'companyName',
  'lastLogin',
  'joinDate',
  'active',
] as const;

export const ZUserFindRequest = ZFindQuery.extend({
  sort: sortOf(USER_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  logins: z.array(z.string().max(64)).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  roleIds: z.array(ZId).max(20).optional(),
  active: z.boolean().optional(),
  /** Answer photoBase64 too (off by default: lists stay small). */
  includePhotos: z.boolean().optional(),
});
export type TUserFindRequest = z.infer<typeof ZUserFindRequest>;

export const ZUserSaveRequest = z.object({ userInfos: z.array(ZUserInput).min(1).max(100) });
export const ZUserApproveRequest = z.object({
  userInfos: z
    .array(z.object({ id: ZId, login: z.string().optional(), active: z.boolean() }))
    .min(1)
    .max(1000),
});
export const ZUserDeleteRequest = z.object({
  userInfos: z
    .array(z.object({ login: z.string().min(1).max(64) }))
    .min(1)
    .max(1000),
});

/** Answers carrying users: save, approve, delete, me, register, activate, accept terms. */
export const ZUserInfos = z.object({ userInfos: z.array(ZUser) });
export const ZUserPage = ZUserInfos.extend({ totalCount: z.number().int().nonnegative() });
