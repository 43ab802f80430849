import { createHash } from 'node:crypto';
import { ALL_PERMISSIONS, generatePassword, permissionMatrix, type TBuiltinRole } from '@portal/contract';
import type { PasswordHasher } from './lib/passwords.ts';
import type { CompaniesService } from './modules/companies/companies.service.ts';
import { DEFAULT_COMPANY_NAME } from './modules/info/environment.service.ts';
import type { RolesService } from './modules/roles/roles.service.ts';
import type { UsersService } from './modules/users/users.service.ts';

/** What each built-in role may do on first start (CONTRACT 3); admins may edit them later. */
const BUILTIN_PERMISSIONS: Record<TBuiltinRole, readonly string[]> = {
  adminrole: ALL_PERMISSIONS,
  partnerrole: ['partnermanagement', 'companymanagement', 'usermanagement', 'contentmanagement'].flatMap(
    (area) => ['create', 'read', 'update', 'delete'].map((action) => `${area}.${action}`),
  ),
  partneruserrole: ['contentmanagement.create', 'contentmanagement.read', 'contentmanagement.update'],
  userrole: ['contentmanagement.read'],
};

export const sha512Hex = (text: string) => createHash('sha512').update(text).digest('hex');

/**
 * Creates the built-in roles, the default company and the administrator when missing.
 * Answers the generated admin password when one had to be made (to print once), else undefined.
 */
export async function seed(deps: {
  roles: RolesService;
  users: UsersService;
  companies: CompaniesService;
  passwords: PasswordHasher;
  adminPassword: string | undefined;
}): Promise<string | undefined> {
  for (const [name, granted] of Object.entries(BUILTIN_PERMISSIONS)) {
    await deps.roles.ensureBuiltIn(name, permissionMatrix(granted));
  }
  const companyId = await deps.companies.ensure({ name: DEFAULT_COMPANY_NAME, active: true });
  if (await deps.users.byLogin('admin')) return undefined;
  const { roleInfos } = await deps.roles.find({ names: ['adminrole'] });
  const password = deps.adminPassword ?? generatePassword(16);
  await deps.users.create(
    {
      login: 'admin',
      passwordHash: await deps.passwords.hash(sha512Hex(password)),
      active: true,
      registrationCompleted: true,
      firstName: 'Portal',
      lastName: 'Administrator',
      email: 'admin@localhost',
      companyId,
    },
    roleInfos.map((r) => r.roleId),
  );
  return deps.adminPassword ? undefined : password;
}
