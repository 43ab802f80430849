import type { TNotification, TNotificationFindRequest, TNotificationInput } from '@portal/contract';
import { notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, changesOfValues, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationsRepository, TAudience } from './notifications.repository.ts';

export type TNotificationsDeps = {
  repo: NotificationsRepository;
  companies: CompaniesService;
  activity: ActivityService;
  transaction: TTransaction;
};

const notificationNotFound = () => notFound('notFound', { name: 'notification' });

/**
 * Notifications: admins write them for everyone or for one company tree, and the portal writes
 * some for one user (a decision on their request); every signed-in user reads those addressed to
 * it (its company or an ancestor's, everyone's, or its own) and marks them read.
 */
export class NotificationsService {
  readonly #d: TNotificationsDeps;

  constructor(deps: TNotificationsDeps) {
    this.#d = deps;
  }

  async find(
    auth: TAuth,
    filter: TNotificationFindRequest,
  ): Promise<{ notificationInfos: TNotification[]; totalCount: number; unreadCount: number }> {
    const { rows, total, unread } = await this.#d.repo.find(
      filter,
      await this.#audience(auth, filter.manage),
    );
    return { notificationInfos: rows.map(toNotification), totalCount: total, unreadCount: unread };
  }

  async get(auth: TAuth, id: number): Promise<TNotification> {
    const { rows } = await this.#d.repo.find({ ids: [id] }, await this.#audience(auth, true));
    if (!rows[0]) throw notificationNotFound();
    return toNotification(rows[0]);
  }

  async unreadCount(auth: TAuth): Promise<number> {
    return (await this.#d.repo.find({ pageSize: 1 }, await this.#audience(auth, false))).unread;
  }

  /** Creates or updates notifications (admins), all or nothing. */
  async save(auth: TAuth, inputs: TNotificationInput[]): Promise<TNotification[]> {
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const input of inputs) {
        const companyId = input.companyId ?? null;
        await this.#d.companies.assertMayOwn(auth, companyId);
        const values = {
          title: input.notificationTitle,
          description: input.notificationDescription || null,
          url: input.notificationUrl || null,
          companyId,
        };
        let id = input.notificationId;
        let before: Record<string, unknown> | undefined;
        if (id === undefined) id = await this.#d.repo.insert({ ...values, createdByUserId: auth.userId });
        else {
          const stored = await this.#d.repo.load(id);
          if (!stored || !this.#mayChange(auth, stored)) throw notificationNotFound();
          before = stored;
          await this.#d.repo.update(id, values);
        }
        await this.#d.activity.record({
          kind: input.notificationId === undefined ? 'notification.create' : 'notification.update',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: companyId,
          recordType: 'notification',
          recordId: id,
          changes: changesOfValues(before, values),
        });
        saved.push(id);
      }
      return saved;
    });
    return (await this.#d.repo.find({ ids }, await this.#audience(auth, true))).rows.map(toNotification);
  }

  async delete(auth: TAuth, ids: number[]): Promise<TNotification[]> {
    const { rows } = await this.#d.repo.find({ ids }, await this.#audience(auth, true));
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = rows.find((found) => found.id === id);
        if (!row || !this.#mayChange(auth, row)) throw notificationNotFound();
        await this.#d.repo.delete(id);
        await this.#d.activity.record({
          kind: 'notification.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: row.companyId,
          recordType: 'notification',
          recordId: id,
          changes: changesOf(row, undefined),
        });
      }
    });
    return rows.map(toNotification);
  }

  /**
   * Tells one user something of theirs (a decision on their request), inside the caller's
   * transaction: only that user reads it, and only admins may change it. Answers its id.
   */
  notify(
    auth: TAuth,
    recipientUserId: number,
    values: { title: string; description: string | null; url: string },
  ): Promise<number> {
    return this.#d.repo.insert({ ...values, companyId: null, recipientUserId, createdByUserId: auth.userId });
  }

  /** Marks read the listed notifications (or all addressed to the caller); answers the unread count. */
  async markRead(auth: TAuth, ids: number[] | undefined, all: boolean | undefined): Promise<number> {
    const audience = await this.#audience(auth, false);
    if (!all && ids?.length) {
      // One that does not exist, or is addressed to another tree, is as unknown as anywhere else.
      const addressed = new Set(await this.#d.repo.addressed(audience, ids));
      if (ids.some((id) => !addressed.has(id))) throw notificationNotFound();
    }
    if (all || ids?.length) await this.#d.repo.markRead(audience, all ? null : (ids ?? []));
    return this.unreadCount(auth);
  }

  /** A notification addressed to one user is the portal's: only admins change or delete it. */
  #mayChange(auth: TAuth, row: { recipientUserId: number | null }): boolean {
    return row.recipientUserId === null || auth.isAdmin;
  }

  /** Admins managing see every notification; everyone else (and admins reading) those addressed to them. */
  async #audience(auth: TAuth, manage: boolean | undefined): Promise<TAudience> {
    if (manage && auth.isAdmin) return { userId: auth.userId, chain: null };
    return {
      userId: auth.userId,
      chain: auth.companyId === null ? [] : await this.#d.companies.chainOf(auth.companyId),
    };
  }
}
