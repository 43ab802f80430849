import { createHash } from 'node:crypto';
import { ALL_PERMISSIONS, generatePassword, permissionMatrix, type TBuiltinRole } from '@portal/contract';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { CompaniesRepository } from '../modules/companies/companies.repository.ts';
import { DEFAULT_COMPANY_NAME } from '../modules/info/environment.ts';
import type { RolesRepository } from '../modules/roles/roles.repository.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';

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
  roles: RolesRepository;
  users: UsersRepository;
  companies: CompaniesRepository;
  passwords: PasswordHasher;
  adminPassword: string | undefined;
}): Promise<string | undefined> {
  for (const [name, granted] of Object.entries(BUILTIN_PERMISSIONS)) {
    if (!(await deps.roles.byName(name)))
      await deps.roles.save({ name, builtIn: true }, permissionMatrix(granted));
  }
  const company =
    (await deps.companies.byName(DEFAULT_COMPANY_NAME)) ??
    (await deps.companies.byId(await deps.companies.insert({ name: DEFAULT_COMPANY_NAME, active: true })));
  if (await deps.users.byLogin('admin')) return undefined;
  const adminRole = await deps.roles.byName('adminrole');
  const password = deps.adminPassword ?? generatePassword(16);
  await deps.users.insert(
    {
      login: 'admin',
      passwordHash: await deps.passwords.hash(sha512Hex(password)),
      active: true,
      registrationCompleted: true,
      firstName: 'Portal',
      lastName: 'Administrator',
      email: 'admin@localhost',
      companyId: company?.id ?? null,
    },
    adminRole ? [adminRole.id] : [],
  );
  return deps.adminPassword ? undefined : password;
}
