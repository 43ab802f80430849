import {
  grantedPermissions,
  holdsAll,
  type TUser,
  type TUserFindRequest,
  type TUserInput,
} from '@portal/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { RolesRepository } from '../roles/roles.repository.ts';
import type { TUserRow, UsersRepository } from './users.repository.ts';

export type TUsersDeps = {
  users: UsersRepository;
  roles: RolesRepository;
  auth: AuthRepository;
  companies: CompaniesService;
  passwords: PasswordHasher;
  mailer: Mailer;
  files: FilesService;
};

const userNotFound = () => notFound('The requested user is not found');

const sameIds = (a: number[], b: number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** User management inside the caller's company tree. */
export class UsersService {
  readonly #d: TUsersDeps;

  constructor(deps: TUsersDeps) {
    this.#d = deps;
  }

  async find(auth: TAuth, filter: TUserFindRequest): Promise<{ userInfos: TUser[]; totalCount: number }> {
    const { ids, total } = await this.#d.users.find(filter, await this.#d.companies.scopeOf(auth));
    const users = await this.#d.users.load(ids);
    return { userInfos: filter.includePhotos ? await this.withPhotos(users) : users, totalCount: total };
  }

  /** Fills photoBase64 from the file store. */
  async withPhotos(users: TUser[]): Promise<TUser[]> {
    const hashes = await this.#d.users.photoHashes(users.map((u) => u.id));
    return Promise.all(
      users.map(async (u) => ({ ...u, photoBase64: await this.#d.files.base64(hashes.get(u.id) ?? null) })),
    );
  }

  /** Creates or updates users, all or nothing: every record is checked before any is written. */
  async save(auth: TAuth, inputs: TUserInput[]): Promise<TUser[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    const logins = new Set<string>();
    const plans: Array<{
      input: TUserInput;
      existing: TUserRow | undefined;
      companyId: number | null;
      roleIds: number[] | undefined;
      rolesChanged: boolean;
    }> = [];
    for (const input of inputs) {
      const login = input.login.toLowerCase();
      if (logins.has(login)) throw conflict(`login ${input.login} is repeated`);
      logins.add(login);
      const existing = input.id === undefined ? undefined : await this.#inScope(input.id, scope);
      if (existing) await this.#assertManageable(auth, existing);
      if (!existing && !auth.permissions.has('usermanagement.create')) {
        throw forbidden('This action needs the usermanagement.create permission');
      }
      const holder = await this.#d.users.byLogin(input.login);
      if (holder && holder.id !== existing?.id) throw conflict(`login ${input.login} is already taken`);
      const companyId =
        input.company === undefined
          ? existing
            ? existing.companyId
            : auth.companyId
          : (input.company?.companyId ?? null);
      if (companyId !== existing?.companyId || !existing) await this.#assertCompany(auth, companyId, scope);
      if (existing?.id === auth.userId && input.active === false)
        throw conflict('You cannot deactivate your own account');
      const roleIds =
        input.roles?.map((r) => r.roleId) ?? (existing ? undefined : await this.#defaultRoles());
      if (roleIds) await this.#assertAssignable(auth, roleIds);
      const rolesChanged =
        existing !== undefined &&
        roleIds !== undefined &&
        !sameIds(roleIds, await this.#d.users.roleIds(existing.id));
      if (existing?.id === auth.userId && rolesChanged) throw conflict('You cannot change your own roles');
      plans.push({ input, existing, companyId, roleIds, rolesChanged });
    }
    await this.#assertSeats(
      plans.map(({ input, existing, companyId }) => ({
        existing,
        companyId,
        active: input.active ?? existing?.active ?? true,
      })),
    );
    const photos = await Promise.all(
      plans.map(({ input }) =>
        input.photoBase64
          ? this.#d.files.storeAvatar('photo', input.photoBase64)
          : Promise.resolve(input.photoBase64),
      ),
    );
    const ids: number[] = [];
    const hashes = await Promise.all(
      plans.map((p) =>
        p.input.passwordHash ? this.#d.passwords.hash(p.input.passwordHash) : Promise.resolve(undefined),
      ),
    );
    await this.#d.users.transaction(async (tx) => {
      for (const [index, { input, existing, companyId, roleIds }] of plans.entries()) {
        const values = {
          login: input.login,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          companyName: input.companyName ?? null,
          companyId,
          ...(input.active !== undefined && { active: input.active }),
          ...(input.registrationCompleted !== undefined && {
            registrationCompleted: input.registrationCompleted,
          }),
          ...(hashes[index] && { passwordHash: hashes[index] }),
          // undefined keeps the photo, null or '' removes it, content replaces it.
          ...(photos[index] !== undefined && {
            photoHash: photos[index] || null,
            photoFileName: photos[index] ? (input.photoFileName ?? 'photo.png') : null,
          }),
        };
        if (existing) {
          await this.#d.users.update(existing.id, values, tx);
          if (roleIds) await this.#d.users.replaceRoles(existing.id, roleIds, tx);
          ids.push(existing.id);
        } else {
          ids.push(
            await this.#d.users.insert(
              {
                ...values,
                passwordHash: hashes[index] ?? '',
                active: input.active ?? true,
                registrationCompleted: input.registrationCompleted ?? false,
              },
              roleIds ?? [],
              tx,
            ),
          );
        }
      }
    });
    for (const [index, { existing, input, rolesChanged }] of plans.entries()) {
      const id = ids[index];
      if (id === undefined) continue;
      // A signed token carries its permissions until it expires: changed roles end the sign-ins too.
      if (existing && (hashes[index] || input.active === false || rolesChanged))
        await this.#d.auth.revokeUserSessions(id);
      await this.#d.auth.audit({
        action: existing ? 'user.updated' : 'user.created',
        userId: auth.userId,
        targetType: 'user',
        targetId: id,
      });
    }
    return this.#d.users.load(ids);
  }

  /** Sets users active (approved) or inactive; approval is mailed to the user. */
  async approve(auth: TAuth, items: Array<{ id: number; active: boolean }>): Promise<TUser[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    const rows: TUserRow[] = [];
    for (const item of items) {
      const row = await this.#inScope(item.id, scope);
      await this.#assertManageable(auth, row);
      if (row.id === auth.userId && !item.active) throw conflict('You cannot deactivate your own account');
      rows.push(row);
    }
    await this.#assertSeats(
      rows.map((row, index) => ({
        existing: row,
        companyId: row.companyId,
        active: items[index]?.active ?? false,
      })),
    );
    await this.#d.users.transaction(async (tx) => {
      for (const item of items) await this.#d.users.update(item.id, { active: item.active }, tx);
    });
    for (const [index, item] of items.entries()) {
      const row = rows[index];
      if (!row || row.active === item.active) continue;
      if (!item.active) await this.#d.auth.revokeUserSessions(item.id);
      await this.#d.auth.audit({
        action: item.active ? 'user.approved' : 'user.deactivated',
        userId: auth.userId,
        targetType: 'user',
        targetId: item.id,
      });
      if (item.active) {
        await this.#d.mailer.send({
          to: row.email,
          subject: 'Your Family Portal account is approved',
          text: `Hello ${row.firstName},\n\nyour account "${row.login}" is approved; you can sign in now.\n`,
        });
      }
    }
    return this.#d.users.load(items.map((i) => i.id));
  }

  async delete(auth: TAuth, logins: string[]): Promise<TUser[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    const rows = await this.#d.users.byLogins(logins);
    for (const login of logins) {
      const row = rows.find((r) => r.login.toLowerCase() === login.toLowerCase());
      if (!row || (scope && (row.companyId === null || !scope.includes(row.companyId)))) throw userNotFound();
      if (row.id === auth.userId) throw conflict('You cannot delete your own account');
      await this.#assertManageable(auth, row);
    }
    const ids = rows.map((r) => r.id);
    const removed = await this.#d.users.load(ids);
    if (removed.some((u) => u.active) && (await this.#d.users.countOtherAdmins(ids)) === 0) {
      throw conflict('The last administrator cannot be deleted');
    }
    await this.#d.users.delete(ids);
    for (const id of ids)
      await this.#d.auth.audit({
        action: 'user.deleted',
        userId: auth.userId,
        targetType: 'user',
        targetId: id,
      });
    return removed;
  }

  async #inScope(id: number, scope: number[] | null): Promise<TUserRow> {
    const row = await this.#d.users.byId(id);
    if (!row || (scope && (row.companyId === null || !scope.includes(row.companyId)))) throw userNotFound();
    return row;
  }

  async #assertCompany(auth: TAuth, companyId: number | null, scope: number[] | null): Promise<void> {
    if (companyId === null) {
      if (scope) throw notFound('The requested company is not found');
      return;
    }
    await this.#d.companies.assertInScope(auth, companyId);
  }

  /** Nobody hands out more than they hold: a role's permissions must all be the caller's. */
  async #assertAssignable(auth: TAuth, roleIds: number[]): Promise<void> {
    const unique = [...new Set(roleIds)];
    if (unique.length === 0) return;
    const found = await this.#d.roles.find({ ids: unique });
    if (found.roles.length !== unique.length) throw notFound('The requested role is not found');
    const excessive = found.roles.find(
      (role) => !holdsAll(auth, grantedPermissions(role.rolePermissionInfos)),
    );
    if (excessive) {
      throw forbidden(`You cannot assign the role ${excessive.roleName}: it grants more than you hold`);
    }
  }

  /** Nobody takes over a user who holds more than they do (its password, state or account). */
  async #assertManageable(auth: TAuth, row: TUserRow): Promise<void> {
    if (auth.isAdmin || row.id === auth.userId) return;
    const { permissions } = await this.#d.users.rolesAndPermissions(row.id);
    if (!holdsAll(auth, permissions)) {
      throw forbidden(`You cannot change the user ${row.login}: it holds more than you`);
    }
  }

  async #defaultRoles(): Promise<number[]> {
    const role = await this.#d.roles.byName('userrole');
    return role ? [role.id] : [];
  }

  /**
   * Licence seats, checked before anything is written: a company may not have more active users
   * than its licence allows.
   */
  async #assertSeats(
    changes: Array<{ existing: TUserRow | undefined; companyId: number | null; active: boolean }>,
  ): Promise<void> {
    const added = new Map<number, number>();
    for (const { existing, companyId, active } of changes) {
      if (!active) continue;
      const licence = existing?.licenseId ?? (await this.#d.users.companyLicenceId(companyId));
      if (licence === null) continue;
      const before = existing?.active
        ? (existing.licenseId ?? (await this.#d.users.companyLicenceId(existing.companyId)))
        : null;
      if (before !== licence) added.set(licence, (added.get(licence) ?? 0) + 1);
    }
    if (added.size === 0) return;
    const used = await this.#d.users.seatsUsed([...added.keys()]);
    for (const [licence, extra] of added) {
      const max = await this.#d.users.licenceSeats(licence);
      if ((used.get(licence) ?? 0) + extra > max)
        throw conflict(`The company licence is full (${max} users)`);
    }
  }
}
