import type { TGenericList, TGenericListInput, TListFindRequest } from '@portal/contract';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOfValues, type ActivityService } from '../activity/activity.service.ts';
import { RememberedAnswers } from '../sessions/live-sessions.service.ts';
import type { ListsRepository, TListItemRow, TListRow } from './lists.repository.ts';
import { SEEDED_LISTS } from '../../lib/seeded-lists.ts';

export type TListsDeps = {
  repo: ListsRepository;
  activity: ActivityService;
  transaction: TTransaction;
  /** Each list's codes, remembered for a few seconds (tests pass their own clock). */
  codes?: RememberedAnswers<Map<number, string>>;
};

function toList(row: TListRow, items: TListItemRow[]): TGenericList {
  return {
    listId: row.id,
    listCode: row.code,
    listDescription: row.description,
    active: row.active,
    listItems: items
      .filter((item) => item.listId === row.id)
      .map((item) => ({
        listItemId: item.id,
        itemCode: item.code,
        itemDescription: item.value,
        sortOrder: item.sortOrder,
      })),
  };
}

/** Generic lists (units, materials, services…): read by every picker, kept by admins. */
export class ListsService {
  readonly #d: TListsDeps;
  /**
   * The codes of each list by its lower-cased code: every lookup and save of scenarios and rules
   * reads two or three lists that change rarely. A save through this process forgets them at once;
   * one made elsewhere shows within LIVE_SESSION_TTL_MS.
   */
  readonly #codes: RememberedAnswers<Map<number, string>>;

  constructor(deps: TListsDeps) {
    this.#d = deps;
    this.#codes = deps.codes ?? new RememberedAnswers({ maxEntries: 1000 });
  }

  async find(filter: TListFindRequest): Promise<{ listInfos: TGenericList[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter);
    const items = await this.#d.repo.items(rows.map((r) => r.id));
    return { listInfos: rows.map((row) => toList(row, items)), totalCount: total };
  }

  /** GET /list/get/{code}/{includeInactive}: an inactive list is 404 unless asked for. */
  async byCode(code: string, includeInactive: boolean): Promise<TGenericList> {
    const row = await this.#d.repo.byCode(code);
    if (!row || (!row.active && !includeInactive)) throw notFound('notFound', { name: 'list' });
    return toList(row, await this.#d.repo.items([row.id]));
  }

  /** Creates or updates lists, each with its items replaced by those sent, all or nothing. */
  async save(auth: TAuth, inputs: TGenericListInput[]): Promise<TGenericList[]> {
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const [index, input] of inputs.entries()) {
        const codes = new Set<string>();
        for (const [position, item] of input.listItems.entries()) {
          const key = item.itemCode.toLowerCase();
          if (codes.has(key))
            throw badRequest(
              'repeated',
              { name: 'itemCode', value: item.itemCode },
              `listInfos.${index}.listItems.${position}.itemCode`,
            );
          codes.add(key);
        }
        const values = {
          code: input.listCode,
          description: input.listDescription || null,
          active: input.active,
        };
        let id = input.listId;
        // Forgotten before the write too: a read racing the transaction must not keep the old codes.
        this.#codes.forget(input.listCode.toLowerCase());
        let before: Record<string, unknown> | undefined;
        if (id === undefined) id = await this.#d.repo.insert(values);
        else {
          const row = await this.#d.repo.lock(id);
          if (!row) throw notFound('notFound', { name: 'list' });
          before = row;
          this.#codes.forget(row.code.toLowerCase());
          await this.#d.repo.update(id, values);
        }
        await this.#d.repo.replaceItems(
          id,
          input.listItems.map((item, position) => ({
            code: item.itemCode,
            value: item.itemDescription,
            sortOrder: item.sortOrder ?? position,
          })),
        );
        await this.#d.activity.record({
          kind: input.listId === undefined ? 'list.create' : 'list.update',
          userId: auth.userId,
          companyId: auth.companyId,
          recordType: 'list',
          recordId: id,
          changes: changesOfValues(before, values),
          detail: { items: input.listItems.length },
        });
        saved.push(id);
      }
      return saved;
    });
    for (const input of inputs) this.#codes.forget(input.listCode.toLowerCase());
    return (await this.find({ ids })).listInfos;
  }

  /** Creates the seeded lists that are missing (start-up). */
  async ensureSeeded(): Promise<void> {
    for (const list of SEEDED_LISTS) {
      if (await this.#d.repo.byCode(list.code)) continue;
      await this.#d.transaction(async () => {
        const id = await this.#d.repo.insert({
          code: list.code,
          description: list.description,
          active: true,
        });
        await this.#d.repo.replaceItems(
          id,
          list.items.map(([code, value], sortOrder) => ({ code, value, sortOrder })),
        );
      });
    }
  }

  /** Throws 400 on `field` unless every id is an item of the list `code`. */
  async assertItems(code: string, ids: number[], field: string): Promise<void> {
    const wanted = [...new Set(ids)];
    const known = await this.#d.repo.itemIdsOf(code, wanted);
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined)
      throw badRequest('listItemNotValid', { name: field, value: missing, list: code }, field);
  }

  /**
   * Item ids of a list with their codes (empty when the list is missing), remembered for a few
   * seconds: the map is shared by every caller, which must not change it.
   */
  async codesOf(code: string): Promise<Map<number, string>> {
    const codes = await this.#codes.get(code.toLowerCase(), async () => ({
      answer: new Map((await this.#d.repo.codesOf(code)).map((item) => [item.id, item.code])),
    }));
    return codes!;
  }
}
