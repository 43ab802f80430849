export const PERMISSION_AREAS = [
  'adminmanagement',
  'partnermanagement',
  'companymanagement',
  'usermanagement',
  'contentmanagement',
] as const;
export type TPermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type TPermissionAction = (typeof PERMISSION_ACTIONS)[number];

export type TPermission = `${TPermissionArea}.${TPermissionAction}`;

export const ALL_PERMISSIONS: readonly TPermission[] = PERMISSION_AREAS.flatMap((area) =>
  PERMISSION_ACTIONS.map((action) => `${area}.${action}` as const),
);

/** The permissions claim of a self-care user: the single text "selfcare". */
export const SELFCARE = 'selfcare';

export const BUILTIN_ROLES = ['adminrole', 'partnerrole', 'partneruserrole', 'userrole'] as const;
export type TBuiltinRole = (typeof BUILTIN_ROLES)[number];

/**
 * The built-in role a stored role name stands for (matched ignoring case, as spec 6 matches them),
 * so both sides name it in words; undefined for a role an administrator made, shown by its own name.
 */
export function builtinRoleOf(roleName: string): TBuiltinRole | undefined {
  const lower = roleName.toLowerCase();
  return BUILTIN_ROLES.find((role) => role === lower);
}

export const USER_KINDS = ['admin', 'partner', 'companyUser', 'endUser'] as const;
export type TUserKind = (typeof USER_KINDS)[number];

const KIND_BY_ROLE: ReadonlyArray<readonly [TBuiltinRole, TUserKind]> = [
  ['adminrole', 'admin'],
  ['partnerrole', 'partner'],
  ['partneruserrole', 'companyUser'],
  ['userrole', 'endUser'],
];

/** Spec 6: role names matched ignoring case, first match wins. */
export function userKind(roleNames: readonly string[]): TUserKind | undefined {
  const lower = roleNames.map((name) => name.toLowerCase());
  return KIND_BY_ROLE.find(([role]) => lower.includes(role))?.[1];
}

export function hasPermission(claim: readonly string[] | string, permission: TPermission): boolean {
  return Array.isArray(claim) && claim.includes(permission);
}

export function isSelfcareClaim(claim: readonly string[] | string): boolean {
  return claim === SELFCARE || (Array.isArray(claim) && claim.length === 1 && claim[0] === SELFCARE);
}
