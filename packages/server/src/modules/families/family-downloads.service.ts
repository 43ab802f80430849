import { forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import type { TSendable } from '../../lib/send-file.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { FamiliesService } from './families.service.ts';
import type { FamiliesRepository, TFamilyRow } from './families.repository.ts';

export type TFamilyDownloadsDeps = {
  /** Who may see which family. */
  families: FamiliesService;
  repo: FamiliesRepository;
  files: FilesService;
  activity: ActivityService;
  transaction: TTransaction;
  /** Signs download tickets. */
  ticketKey: string;
};

/** A download ticket's claims: who, which file, until when (seconds). */
type TTicket = { u: number; c: number | null; f: number; v: number | null; e: number };

const TICKET_SECONDS = 60;

/**
 * Family files going out: to a signed-in reader, or to a browser's own download manager holding a
 * one-minute signed ticket (no bearer token); each download that starts at byte 0 is counted.
 */
export class FamilyDownloadsService {
  readonly #d: TFamilyDownloadsDeps;

  constructor(deps: TFamilyDownloadsDeps) {
    this.#d = deps;
  }

  /** A link with a signed ticket, for browsers to download a file the caller may see. */
  async ticket(
    auth: TAuth,
    familyId: number,
    versionId?: number,
  ): Promise<{ url: string; expiresAt: string }> {
    await this.#source(await this.#d.families.readable(auth, familyId), versionId);
    const expires = Math.floor(Date.now() / 1000) + TICKET_SECONDS;
    const claims: TTicket = {
      u: auth.userId,
      c: auth.companyId,
      f: familyId,
      v: versionId ?? null,
      e: expires,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const ticket = `${body}.${hmacBase64Url(this.#d.ticketKey, body)}`;
    const query = new URLSearchParams({ ...(versionId ? { versionId: String(versionId) } : {}), ticket });
    return {
      url: `/api/family/download/content/${familyId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * The file to send for a download by a signed-in reader or the holder of a ticket; `counted`
   * records the download (called once a body is actually sent).
   */
  async download(
    auth: TAuth | null,
    familyId: number,
    versionId: number | undefined,
    ticket: string | undefined,
  ): Promise<TSendable & { counted: () => Promise<void> }> {
    let who: { userId: number; companyId: number | null };
    let row: TFamilyRow;
    if (auth) {
      if (!auth.permissions.has('contentmanagement.read'))
        throw forbidden('permissionRequired', { permission: 'contentmanagement.read' });
      row = await this.#d.families.readable(auth, familyId);
      who = auth;
    } else {
      const claims = ticket ? this.#verifyTicket(ticket) : undefined;
      if (!claims || claims.f !== familyId || claims.v !== (versionId ?? null))
        throw unauthorized('authTokenRequired');
      const found = await this.#d.repo.load(familyId);
      // A family removed since the ticket was made is gone for its holder too.
      if (!found || found.tifStatus === 'D') throw notFound('notFound', { name: 'family' });
      row = found;
      who = { userId: claims.u, companyId: claims.c };
    }
    const file = await this.#source(row, versionId);
    const size = await this.#d.files.sizeOf(file.hash);
    if (size === null) throw notFound('fileMissing');
    return {
      hash: file.hash,
      size,
      mimeType: 'application/octet-stream',
      fileName: file.fileName,
      cacheControl: 'private, no-cache',
      open: (range) => this.#d.files.openRead(file.hash, range),
      counted: () => this.#counted(row, who),
    };
  }

  /** One download sent: its row in the activity log and the family's counter, together. */
  #counted(row: TFamilyRow, who: { userId: number; companyId: number | null }): Promise<void> {
    return this.#d.transaction(async () => {
      await this.#d.activity.record({
        kind: 'family.download',
        userId: who.userId,
        companyId: who.companyId,
        ownerCompanyId: row.companyId,
        recordType: 'family',
        recordId: row.id,
      });
      await this.#d.repo.countDownload(row.id);
    });
  }

  /** The current file of a family, or the version asked for (its own or its original's). */
  async #source(row: TFamilyRow, versionId: number | undefined) {
    if (versionId === undefined) {
      if (!row.fileHash || !row.fileName) throw notFound('notFound', { name: 'file' });
      return { hash: row.fileHash, fileName: row.fileName };
    }
    const version = await this.#d.repo.version(versionId);
    if (!version || (version.familyId !== row.id && version.familyId !== row.tifOriginalId))
      throw notFound('notFound', { name: 'version' });
    return { hash: version.fileHash, fileName: version.fileName };
  }

  #verifyTicket(ticket: string): TTicket | undefined {
    const [body, signature, ...rest] = ticket.split('.');
    if (!body || !signature || rest.length || !safeEqual(signature, hmacBase64Url(this.#d.ticketKey, body)))
      return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TTicket;
      return claims.e > Date.now() / 1000 ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}
