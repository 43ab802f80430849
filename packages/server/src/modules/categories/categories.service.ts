import type { TCategory, TCategoryFindRequest, TCategoryInput } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { toCategory } from './categories.mapper.ts';
import type { CategoriesRepository, TCategoryRow, TCategoryWrite } from './categories.repository.ts';

export type TCategoriesDeps = {
  repo: CategoriesRepository;
  files: FilesService;
  activity: ActivityService;
  transaction: TTransaction;
  /** The companies whose published families a caller's library shows (null: all): its cards count those. */
  publishedScope: (auth: TAuth) => Promise<number[] | null>;
};

const categoryNotFound = () => notFound('notFound', { name: 'category' });

/** Categories are one portal-wide taxonomy that admins keep; everyone who reads content reads them. */
export class CategoriesService {
  readonly #d: TCategoriesDeps;

  constructor(deps: TCategoriesDeps) {
    this.#d = deps;
  }

  /**
   * A page of categories, each with the families the caller's library shows under it: the count
   * its category facet gives the same caller.
   */
  async find(
    auth: TAuth,
    filter: TCategoryFindRequest,
  ): Promise<{ categoryInfos: TCategory[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter, await this.#d.publishedScope(auth));
    return { categoryInfos: rows.map(toCategory), totalCount: total };
  }

  /** Creates or updates every category given, all or nothing; pictures are stored before the transaction. */
  async save(auth: TAuth, inputs: TCategoryInput[]): Promise<TCategory[]> {
    const pictures = await Promise.all(
      inputs.map((input) =>
        input.categoryPictureBase64
          ? this.#d.files.storePictureBase64('categoryPictureBase64', input.categoryPictureBase64)
          : Promise.resolve(undefined),
      ),
    );
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const [index, input] of inputs.entries()) {
        const values: Partial<TCategoryWrite> = {
          name: input.categoryName,
          ...(input.categoryDescription !== undefined
            ? { description: input.categoryDescription || null }
            : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...pictureValues(input, pictures[index]),
        };
        let id = input.categoryId;
        let before: TCategoryRow | undefined;
        if (id === undefined) {
          id = await this.#d.repo.insert({ name: input.categoryName, ...values });
        } else {
          before = await this.#d.repo.load(id);
          if (!before) throw categoryNotFound();
          await this.#d.repo.update(id, values);
        }
        await this.#d.activity.record({
          kind: input.categoryId === undefined ? 'category.create' : 'category.update',
          userId: auth.userId,
          companyId: auth.companyId,
          recordType: 'category',
          recordId: id,
          changes: changesOf(before, await this.#d.repo.load(id)),
        });
        saved.push(id);
      }
      return saved;
    });
    return (await this.#d.repo.find({ ids }, await this.#d.publishedScope(auth))).rows.map(toCategory);
  }

  /** Deletes empty categories; one holding families is a 409 saying how many. */
  async delete(auth: TAuth, ids: number[]): Promise<TCategory[]> {
    const before = (await this.#d.repo.find({ ids }, await this.#d.publishedScope(auth))).rows.map(
      toCategory,
    );
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = await this.#d.repo.load(id);
        if (!row) throw categoryNotFound();
        const families = await this.#d.repo.familiesIn(id);
        if (families > 0) throw conflict('categoryInUse', { count: families }, 'categoryInfos');
        await this.#d.repo.delete(id);
        await this.#d.activity.record({
          kind: 'category.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          recordType: 'category',
          recordId: id,
          changes: changesOf(row, undefined),
        });
      }
    });
    return before;
  }

  /** Checks a family's category exists (400 on the family's field otherwise). */
  async assertExists(id: number): Promise<void> {
    if (!(await this.#d.repo.load(id)))
      throw badRequest('notValid', { name: 'revitFamilyCategoryId' }, 'revitFamilyCategoryId');
  }

  /** The id of the category named like a file's Revit category, or null. */
  async suggest(revitCategory: string | null): Promise<number | null> {
    if (!revitCategory) return null;
    return (await this.#d.repo.byName(revitCategory))?.id ?? null;
  }
}

function pictureValues(input: TCategoryInput, hash: string | undefined): Partial<TCategoryWrite> {
  if (hash) return { pictureHash: hash, pictureFileName: input.categoryPictureFileName ?? 'picture' };
  if (input.categoryPictureBase64 === null) return { pictureHash: null, pictureFileName: null };
  return {};
}
