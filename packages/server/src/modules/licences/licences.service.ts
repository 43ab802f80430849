import type { TLicense } from '@portal/contract';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { iso } from '../../lib/dates.ts';
import type { LicencesRepository, TLicenseRow } from './licences.repository.ts';

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
  readonly #repo: LicencesRepository;

  constructor(repo: LicencesRepository) {
    this.#repo = repo;
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
    for (const row of rows) {
      if ((used.get(row.id) ?? 0) + (added.get(row.id) ?? 0) > row.maxUsers)
        throw conflict('licenceFull', { max: row.maxUsers });
    }
  }
}
