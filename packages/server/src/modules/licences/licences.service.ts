import {
  LICENCE_COMPANIES_SHOWN,
  type TLicense,
  type TLicenseFindRequest,
  type TLicenseInput,
  type TLicenseListItem,
} from '@portal/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { iso } from '../../lib/dates.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOfValues, type ActivityService } from '../activity/activity.service.ts';
import type { LicencesRepository, TLicenseRow, TLicenseWrite } from './licences.repository.ts';

export type TLicencesDeps = {
  repo: LicencesRepository;
  activity: ActivityService;
  transaction: TTransaction;
  /** Company ids a caller may see (null: all): the companies service's scope. */
  scopeOf: (auth: TAuth) => Promise<number[] | null>;
};

const licenceNotFound = () => notFound('notFound', { name: 'license' });

/** Whose seat a user takes: the user's own licence, else the company's. */
export type TLicenceHolder = { licenseId: number | null; companyId: number | null };
/** A user about to be saved or approved: whether it will be active, and what it was before. */
export type TSeatChange = {
  before: (TLicenceHolder & { active: boolean }) | undefined;
  after: TLicenceHolder & { active: boolean };
};

function toLicense(row: TLicenseRow, currentNumberOfUsers: number): TLicense {
  return {
    licenseInfoId: row.id,
    licenseCode: row.code,
    licenseType: row.type,
    licenseDescription: row.description,
    licenseValidUntil: iso(row.validUntil),
    maxNumberOfUsers: row.maxUsers,
    currentNumberOfUsers,
    accountManager: row.accountManager,
    licenseStatus: row.status,
    active: row.active,
    licenseClaims: row.claims,
    validCheck: row.validCheck,
    validCheckDate: iso(row.validCheckDate),
  };
}

/** Licences: their records with seats counted, sign-in checks and seat limits (CONTRACT 2). */
export class LicencesService {
  readonly #d: TLicencesDeps;
  readonly #repo: LicencesRepository;

  constructor(deps: TLicencesDeps) {
    this.#d = deps;
    this.#repo = deps.repo;
  }

  /** Licences the caller's companies use (admins: all), the ones ending soonest first. */
  async find(
    auth: TAuth,
    filter: TLicenseFindRequest,
  ): Promise<{ licenseInfos: TLicenseListItem[]; totalCount: number }> {
    const { rows, total } = await this.#repo.find(filter, await this.#d.scopeOf(auth));
    return { licenseInfos: await this.#listItems(rows), totalCount: total };
  }

  async get(auth: TAuth, id: number): Promise<TLicenseListItem> {
    const { rows } = await this.#repo.find({ ids: [id] }, await this.#d.scopeOf(auth));
    if (!rows[0]) throw licenceNotFound();
    const [item] = await this.#listItems(rows);
    return item!;
  }

  /** Creates or updates licences (admins), all or nothing; seats in use are counted, never taken from the input. */
  async save(auth: TAuth, inputs: TLicenseInput[]): Promise<TLicenseListItem[]> {
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const input of inputs) {
        const values: TLicenseWrite = {
          code: input.licenseCode,
          type: input.licenseType || null,
          description: input.licenseDescription || null,
          validUntil: input.licenseValidUntil ? new Date(input.licenseValidUntil) : null,
          maxUsers: input.maxNumberOfUsers,
          accountManager: input.accountManager || null,
          status: input.licenseStatus || null,
          active: input.active,
          claims: [...new Set(input.licenseClaims)],
        };
        let id = input.licenseInfoId;
        let before: Record<string, unknown> | undefined;
        if (id === undefined) id = await this.#repo.insert(values);
        else {
          before = (await this.#repo.lock([id]))[0];
          if (!before) throw licenceNotFound();
          await this.#repo.update(id, values);
        }
        await this.#d.activity.record({
          kind: input.licenseInfoId === undefined ? 'licence.create' : 'licence.update',
          userId: auth.userId,
          companyId: auth.companyId,
          recordType: 'licence',
          recordId: id,
          changes: changesOfValues(before, values),
        });
        saved.push(id);
      }
      return saved;
    });
    return this.#listItems(await this.#repo.byIds(ids));
  }

  /** Checks licences now: valid when active, not expired and not over its seats; records the result and when. */
  async check(auth: TAuth, ids: number[]): Promise<TLicenseListItem[]> {
    const unique = [...new Set(ids)];
    const { rows } = await this.#repo.find({ ids: unique }, await this.#d.scopeOf(auth));
    if (rows.length !== unique.length) throw licenceNotFound();
    const seats = await this.#repo.seatsUsed(unique);
    const now = new Date();
    for (const row of rows) {
      const valid =
        row.active && (!row.validUntil || row.validUntil >= now) && (seats.get(row.id) ?? 0) <= row.maxUsers;
      await this.#repo.update(row.id, { validCheck: valid, validCheckDate: now });
    }
    return this.#listItems(await this.#repo.byIds(unique));
  }

  async #listItems(rows: TLicenseRow[]): Promise<TLicenseListItem[]> {
    const ids = rows.map((r) => r.id);
    const [seats, using] = await Promise.all([
      this.#repo.seatsUsed(ids),
      this.#repo.companiesUsing(ids, LICENCE_COMPANIES_SHOWN),
    ]);
    return rows.map((row) => {
      const own = using.filter((c) => c.licenseId === row.id);
      return {
        ...toLicense(row, seats.get(row.id) ?? 0),
        companies: own.map(({ companyId, companyName }) => ({ companyId, companyName })),
        companyCount: own[0]?.total ?? 0,
      };
    });
  }

  /** The licence each holder uses (own, else company's), by holder index. */
  async effectiveIds(holders: TLicenceHolder[]): Promise<Array<number | null>> {
    const companyIds = [
      ...new Set(holders.flatMap((h) => (h.licenseId === null && h.companyId !== null ? [h.companyId] : []))),
    ];
    const byCompany = await this.#repo.ofCompanies(companyIds);
    return holders.map(
      (h) => h.licenseId ?? (h.companyId === null ? null : (byCompany.get(h.companyId) ?? null)),
    );
  }

  /** API records of the given licences, with their used seats. */
  async records(ids: number[]): Promise<Map<number, TLicense>> {
    const unique = [...new Set(ids)];
    const [rows, seats] = await Promise.all([this.#repo.byIds(unique), this.#repo.seatsUsed(unique)]);
    return new Map(rows.map((row) => [row.id, toLicense(row, seats.get(row.id) ?? 0)]));
  }

  /** Sign-in needs an active, unexpired licence that is not over its seats (CONTRACT 2); no licence, no check. */
  async assertUsable(holder: TLicenceHolder): Promise<void> {
    const [id] = await this.effectiveIds([holder]);
    if (id === null || id === undefined) return;
    const licence = (await this.records([id])).get(id);
    if (!licence) return;
    if (!licence.active) throw forbidden('licenceInactive');
    if (licence.licenseValidUntil && new Date(licence.licenseValidUntil) < new Date())
      throw forbidden('licenceExpired');
    if (licence.currentNumberOfUsers > licence.maxNumberOfUsers)
      throw forbidden('licenceFull', { max: licence.maxNumberOfUsers });
  }

  /**
   * A licence may not have more active users than it allows. Run inside the transaction that
   * writes the users: the licences are locked, so parallel approvals cannot both take the last seat.
   */
  async assertSeats(changes: TSeatChange[]): Promise<void> {
    const afterIds = await this.effectiveIds(changes.map((c) => c.after));
    const beforeIds = await this.effectiveIds(
      changes.map((c) => c.before ?? { licenseId: null, companyId: null }),
    );
    const added = new Map<number, number>();
    changes.forEach((change, index) => {
      const licence = afterIds[index];
      if (!change.after.active || licence === null || licence === undefined) return;
      const before = change.before?.active ? beforeIds[index] : null;
      if (before !== licence) added.set(licence, (added.get(licence) ?? 0) + 1);
    });
    if (added.size === 0) return;
    const rows = await this.#repo.lock([...added.keys()]);
    const used = await this.#repo.seatsUsed([...added.keys()]);
    const now = new Date();
    for (const row of rows) {
      if (!row.active) throw conflict('licenceInactive');
      if (row.validUntil && row.validUntil < now) throw conflict('licenceExpired');
      if ((used.get(row.id) ?? 0) + (added.get(row.id) ?? 0) > row.maxUsers)
        throw conflict('licenceFull', { max: row.maxUsers });
    }
  }
}
