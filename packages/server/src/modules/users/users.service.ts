import {
  grantedPermissions,
  holdsAll,
  type TActivityChanges,
  type TLicense,
  type TUser,
  type TUserFindRequest,
  type TUserInput,
} from '@portal/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { mailIn } from '../../lib/mail-text.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LicencesService } from '../licences/licences.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { APPROVED_MAIL } from './users.mails.ts';
import type { TUserInsert, TUserRecords, TUserRow, UsersRepository } from './users.repository.ts';

export type TUsersDeps = {
  repo: UsersRepository;
  roles: RolesService;
  companies: CompaniesService;
  licences: LicencesService;
  sessions: SessionsService;
  activity: ActivityService;
  files: FilesService;
  passwords: PasswordHasher;
  mailer: Mailer;
  transaction: TTransaction;
  publicUrl: () => string;
};

/** A user's fields the log leaves out besides secrets: sign-in bookkeeping, not a change anyone made. */
const USER_UNLOGGED = ['lastLogin', 'mfaLastStep'];

const userNotFound = () => notFound('notFound', { name: 'user' });
const sameIds = (a: number[], b: number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** A user record ready to write, with what its save must also do. */
type TPlan = {
  input: TUserInput;
  existing: TUserRow | undefined;
  companyId: number | null;
  roleIds: number[] | undefined;
  endsSignIns: boolean;
};

/** User management inside the caller's company tree. */
export class UsersService {
  readonly #d: TUsersDeps;

  constructor(deps: TUsersDeps) {
    this.#d = deps;
  }

  /** A page of users as PostgreSQL wrote their records (passed on as written), and the total. */
  async find(auth: TAuth, filter: TUserFindRequest): Promise<JsonPage<TUser>> {
    const found = await this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
    return this.#complete(found, filter.includePhotos === true);
  }

  /** API records of the given users, in the order of `ids`; photos only when asked (lists stay small). */
  async load(ids: number[], options: { photos?: boolean } = {}): Promise<TUser[]> {
    if (ids.length === 0) return [];
    return (await this.#complete(await this.#d.repo.records(ids), options.photos === true)).records();
  }

  /** The caller's own record, with its photo. */
  async me(auth: TAuth): Promise<TUser> {
    return (await this.meJson(auth)).records()[0]!;
  }

  /** The caller's own record, with its photo (GET /user/me), as PostgreSQL wrote it. */
  async meJson(auth: TAuth): Promise<JsonPage<TUser>> {
    const found = await this.#d.repo.record(auth.userId);
    if (!found) throw userNotFound();
    return this.#complete(found, true);
  }

  /**
   * The records with what lives outside their row: each one's licence with its seats (one query
   * for all the page's licences) and, when asked, its photo from the file store.
   */
  async #complete({ page, keys }: TUserRecords, photos: boolean): Promise<JsonPage<TUser>> {
    const wanted = keys.licenceId.filter((id) => id !== null);
    const licences = wanted.length ? await this.#d.licences.records(wanted) : new Map<number, TLicense>();
    const photoValues = photos
      ? await Promise.all(keys.photoHash.map((hash) => this.#d.files.base64(hash)))
      : keys.photoHash.map(() => null);
    return page.with({
      licenseInfo: keys.licenceId.map((id) => (id === null ? null : (licences.get(id) ?? null))),
      photoBase64: photoValues,
    });
  }

  byId(id: number): Promise<TUserRow | undefined> {
    return this.#d.repo.byId(id);
  }

  byLogin(login: string): Promise<TUserRow | undefined> {
    return this.#d.repo.byLogin(login);
  }

  /** Active users whose login or e-mail is the text (forgot-password takes either). */
  async activeByLoginOrEmail(text: string): Promise<TUserRow[]> {
    return (await this.#d.repo.byLoginOrEmail(text)).filter((u) => u.active);
  }

  /** Creates a user as registration does (no permission checks: the caller is the public). */
  create(values: TUserInsert, roleIds: number[]): Promise<number> {
    return this.#d.repo.insert(values, roleIds);
  }

  /** Sets a user's fields that belong to the account itself (password, activation, last sign-in, language). */
  update(
    id: number,
    values: Pick<Partial<TUserInsert>, 'passwordHash' | 'registrationCompleted' | 'lastLogin' | 'language'>,
  ): Promise<void> {
    return this.#d.repo.update(id, values);
  }

  /** Administrators to tell about a new registration. */
  administrators(): Promise<Array<{ email: string; firstName: string; language: string }>> {
    return this.#d.repo.administrators();
  }

  /** Creates or updates users, all or nothing: every record is checked and written in one transaction. */
  async save(auth: TAuth, inputs: TUserInput[]): Promise<TUser[]> {
    const photos = await Promise.all(
      inputs.map((input) =>
        input.photoBase64
          ? this.#d.files.storeAvatar('photoBase64', input.photoBase64)
          : Promise.resolve(input.photoBase64),
      ),
    );
    const hashes = await Promise.all(
      inputs.map((input) =>
        input.passwordHash ? this.#d.passwords.hash(input.passwordHash) : Promise.resolve(undefined),
      ),
    );
    const { ids, plans } = await this.#d.transaction(async () => {
      const planned = await this.#plan(auth, inputs);
      await this.#d.licences.assertSeats(
        planned.map(({ input, existing, companyId }) => ({
          before: existing,
          after: {
            licenseId: existing?.licenseId ?? null,
            companyId,
            active: input.active ?? existing?.active ?? true,
          },
        })),
      );
      const written: number[] = [];
      for (const [index, { input, existing, companyId, roleIds }] of planned.entries()) {
        const values: Partial<TUserInsert> = {
          login: input.login,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          companyId,
          // Left out keeps what is stored: a save without changes changes nothing.
          ...(input.phone !== undefined && { phone: input.phone || null }),
          ...(input.companyName !== undefined && { companyName: input.companyName || null }),
          ...(input.active !== undefined && { active: input.active }),
          ...(input.registrationCompleted !== undefined && {
            registrationCompleted: input.registrationCompleted,
          }),
          ...(input.language !== undefined && { language: input.language }),
          ...(hashes[index] && { passwordHash: hashes[index] }),
          // null or '' removes the photo, content replaces it.
          ...(photos[index] !== undefined && {
            photoHash: photos[index] || null,
            photoFileName: photos[index] ? (input.photoFileName ?? 'photo.png') : null,
          }),
        };
        const rolesBefore = existing && roleIds ? await this.#d.repo.roleIds(existing.id) : [];
        if (existing) {
          await this.#d.repo.update(existing.id, values);
          if (roleIds) await this.#d.repo.replaceRoles(existing.id, roleIds);
          written.push(existing.id);
        } else {
          written.push(
            await this.#d.repo.insert(
              {
                ...values,
                login: input.login,
                firstName: input.firstName,
                lastName: input.lastName,
                email: input.email,
                passwordHash: hashes[index] ?? '',
                active: input.active ?? true,
                registrationCompleted: input.registrationCompleted ?? false,
              },
              roleIds ?? [],
            ),
          );
        }
        const id = written.at(-1)!;
        const after = await this.#d.repo.byId(id);
        await this.#d.activity.record({
          kind: existing ? 'user.update' : 'user.create',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: after?.companyId ?? null,
          recordType: 'user',
          recordId: id,
          changes: await this.#withRoles(changesOf(existing, after, USER_UNLOGGED), rolesBefore, roleIds),
        });
      }
      return { ids: written, plans: planned };
    });
    // A signed token carries its permissions and company until it expires: such changes end the sign-ins.
    for (const [index, plan] of plans.entries()) {
      const id = ids[index];
      if (id !== undefined && plan.endsSignIns)
        await this.#d.sessions.revokeUser(id, id === auth.userId ? auth.sessionId : undefined);
    }
    return this.load(ids);
  }

  /** Sets users active (approved) or inactive; an approval is mailed to the user, in its language. */
  async approve(auth: TAuth, items: Array<{ id: number; active: boolean }>): Promise<TUser[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    const rows = await this.#d.transaction(async () => {
      const found: TUserRow[] = [];
      for (const item of items) {
        const row = await this.#inScope(item.id, scope);
        await this.#assertManageable(auth, row);
        if (row.id === auth.userId && !item.active) throw conflict('selfDeactivate');
        found.push(row);
      }
      await this.#d.licences.assertSeats(
        found.map((row, index) => ({
          before: row,
          after: { ...row, active: items[index]?.active ?? false },
        })),
      );
      for (const [index, item] of items.entries()) {
        const row = found[index];
        if (!row || row.active === item.active) continue;
        await this.#d.repo.update(item.id, { active: item.active });
        await this.#d.activity.record({
          kind: item.active ? 'user.approved' : 'user.deactivated',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: row.companyId,
          recordType: 'user',
          recordId: item.id,
          changes: { active: { old: row.active, new: item.active } },
        });
        // Queued with the change it tells of: rolled back together, sent only once committed.
        if (item.active)
          await this.#d.mailer.enqueue({
            to: row.email,
            ...mailIn(APPROVED_MAIL, row.language, {
              firstName: row.firstName,
              login: row.login,
              link: `${this.#d.publicUrl()}/#/auth/login`,
            }),
          });
      }
      return found;
    });
    for (const [index, item] of items.entries()) {
      const row = rows[index];
      if (!row || row.active === item.active) continue;
      if (!item.active) await this.#d.sessions.revokeUser(item.id);
    }
    return this.load(items.map((i) => i.id));
  }

  async delete(auth: TAuth, logins: string[]): Promise<TUser[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    return this.#d.transaction(async () => {
      const rows = await this.#d.repo.byLogins(logins);
      for (const login of logins) {
        const row = rows.find((r) => r.login.toLowerCase() === login.toLowerCase());
        if (!row || (scope && (row.companyId === null || !scope.includes(row.companyId))))
          throw userNotFound();
        if (row.id === auth.userId) throw conflict('selfDelete');
        await this.#assertManageable(auth, row);
      }
      const ids = rows.map((r) => r.id);
      const removed = await this.load(ids);
      if (removed.some((u) => u.active) && (await this.#d.repo.countOtherAdmins(ids)) === 0)
        throw conflict('lastAdministrator');
      // Their sign-ins go with them; ending them first also drops them from the live-session cache.
      for (const id of ids) await this.#d.sessions.revokeUser(id);
      await this.#d.repo.delete(ids);
      for (const row of rows)
        await this.#d.activity.record({
          kind: 'user.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: row.companyId,
          recordType: 'user',
          recordId: row.id,
          changes: changesOf(row, undefined, USER_UNLOGGED),
        });
      return removed;
    });
  }

  /** Checks every record of a save against the caller's rights and the stored state. */
  async #plan(auth: TAuth, inputs: TUserInput[]): Promise<TPlan[]> {
    const scope = await this.#d.companies.scopeOf(auth);
    const logins = new Set<string>();
    const plans: TPlan[] = [];
    for (const [index, input] of inputs.entries()) {
      const login = input.login.toLowerCase();
      if (logins.has(login))
        throw conflict('repeated', { name: 'login', value: input.login }, `userInfos.${index}.login`);
      logins.add(login);
      const existing = input.id === undefined ? undefined : await this.#inScope(input.id, scope);
      if (existing) await this.#assertManageable(auth, existing);
      if (!existing && !auth.permissions.has('usermanagement.create'))
        throw forbidden('permissionRequired', { permission: 'usermanagement.create' });
      const holder = await this.#d.repo.byLogin(input.login);
      if (holder && holder.id !== existing?.id)
        throw conflict('loginTaken', { login: input.login }, `userInfos.${index}.login`);
      const companyId =
        input.company === undefined
          ? existing
            ? existing.companyId
            : auth.companyId
          : (input.company?.companyId ?? null);
      if (companyId !== existing?.companyId || !existing) await this.#assertCompany(auth, companyId, scope);
      if (existing?.id === auth.userId && input.active === false) throw conflict('selfDeactivate');
      const roleIds =
        input.roles?.map((r) => r.roleId) ?? (existing ? undefined : await this.#d.roles.defaultRoleIds());
      if (roleIds) await this.#assertAssignable(auth, roleIds);
      const rolesChanged =
        existing !== undefined &&
        roleIds !== undefined &&
        !sameIds(roleIds, await this.#d.repo.roleIds(existing.id));
      if (existing?.id === auth.userId && rolesChanged) throw conflict('selfRoles');
      const endsSignIns =
        existing !== undefined &&
        (input.passwordHash !== undefined ||
          input.active === false ||
          rolesChanged ||
          companyId !== existing.companyId);
      plans.push({ input, existing, companyId, roleIds, endsSignIns });
    }
    return plans;
  }

  async #inScope(id: number, scope: number[] | null): Promise<TUserRow> {
    const row = await this.#d.repo.byId(id);
    if (!row || (scope && (row.companyId === null || !scope.includes(row.companyId)))) throw userNotFound();
    return row;
  }

  async #assertCompany(auth: TAuth, companyId: number | null, scope: number[] | null): Promise<void> {
    if (companyId === null) {
      if (scope) throw notFound('notFound', { name: 'company' });
      return;
    }
    await this.#d.companies.assertInScope(auth, companyId);
  }

  /** Nobody hands out more than they hold: a role's permissions must all be the caller's. */
  /** A user's change with its roles' change (by name, sorted) when a save gave other roles. */
  async #withRoles(
    changes: TActivityChanges | null,
    before: number[],
    after: number[] | undefined,
  ): Promise<TActivityChanges | null> {
    if (after === undefined || sameIds(before, after)) return changes;
    const names = async (ids: number[]) =>
      ids.length ? (await this.#d.roles.byIds(ids)).map((role) => role.roleName).sort() : [];
    return { ...changes, roles: { old: await names(before), new: await names(after) } };
  }

  async #assertAssignable(auth: TAuth, roleIds: number[]): Promise<void> {
    if (roleIds.length === 0) return;
    const excessive = (await this.#d.roles.byIds(roleIds)).find(
      (role) => !holdsAll(auth, grantedPermissions(role.rolePermissionInfos)),
    );
    if (excessive) throw forbidden('roleGrantsMore', { roleName: excessive.roleName });
  }

  /** Nobody takes over a user who holds more than they do (its password, state or account). */
  async #assertManageable(auth: TAuth, row: TUserRow): Promise<void> {
    if (row.id === auth.userId) return;
    const { permissions } = await this.#d.roles.ofUser(row.id);
    if (!holdsAll(auth, permissions)) throw forbidden('userHoldsMore', { login: row.login });
  }
}
